import type * as React from 'react';
import type {
  AiApp,
  AppErrorItem,
  AppSettings,
  AppStyle,
  AppView,
  SystemActionInfo,
  ToolSummary,
} from '@buildai/domain';
import type { AppDetails } from './builder-api/save-details';
import type { MainPageOption } from './main-pages';

/** What the builder needs to know about the signed-in builder; passed in by the route (features stay apart). */
export interface BuilderAccount {
  accountId: string;
  plan: string;
  isAdmin: boolean;
}

/** Props of the Custom fields panel: it edits the tool's draft through `onChange`, which the autosave sends. */
export interface CustomFieldsPanelProps {
  app: AppView;
  tool: ToolSummary;
  draft: AiApp;
  onChange: (patch: Partial<AiApp>) => void;
  account: BuilderAccount;
}

/** Props of the App tools panel: it calls the tools API itself and refreshes `queryKeys.app(appId)`. */
export interface AppToolsPanelProps {
  app: AppView;
  account: BuilderAccount;
  /** opens the upgrade plan dialog (the route supplies it) */
  onUpgrade: () => void;
}

/** Props of the Activate Your Tool dialog. */
export interface ActivateToolDialogProps {
  app: AppView;
  tool: ToolSummary;
  account: BuilderAccount;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUpgrade: () => void;
}

/** What the workspace gives the chat slot of a space app (the chat is its own feature, composed by the route). */
export interface SpaceChatSlotProps {
  appId: string;
  isAdmin: boolean;
  /** the errors the preview reported, for the issues panel and 'Resolve with AI' */
  appErrors: AppErrorItem[];
  /** the chat changed the app's files: the preview, the file tree and the open file refresh */
  onFilesChanged: () => void;
  /** an action's output as the stream brings it (a generated app's preview shows the changed tool at once) */
  onActionOutput?: (output: unknown) => void;
  /** runs before a message the builder typed is sent (the panels' waiting edits are saved) */
  beforeSend?: () => Promise<unknown>;
  /** clears these errors (the ones a fix was sent for), keeping any reported since */
  onClearErrors: (sent: readonly AppErrorItem[]) => void;
  /** the chat reports whether a turn is running (the database screen refuses permission changes meanwhile) */
  onBusyChange?: (busy: boolean) => void;
  /** a message another screen asks the chat to send (the database screen's permission change) */
  request?: ChatRequest | null;
  /** the chat sent the request (`error` null) or could not (busy, refused, the turn failed to start) */
  onRequestSettled?: (id: number, error: unknown) => void;
}

/** A message the workspace hands the chat to send, with its system action (spec 001 §3 annotation). */
export interface ChatRequest {
  id: number;
  text: string;
  systemActionInfo?: SystemActionInfo;
}

/** What the workspace gives the preview slot of a space app (the sandboxed frame, composed by the route). */
export interface SpacePreviewSlotProps {
  appId: string;
  /** changes whenever the files changed: the frame swaps in the new bundle, or loads the app again */
  refreshKey: number;
  /** changes when the builder asks for a reload: the frame loads the app again */
  reloadKey: number;
  onAppErrors: (errors: AppErrorItem[]) => void;
  className?: string;
}

/** What the workspace gives the database slot of a space app (the app database's screen, composed by the route). */
export interface SpaceDatabaseSlotProps {
  appId: string;
  /** changes whenever the chat changed files or entities: the entities and the open table refetch */
  refreshKey: number;
  /** a chat turn is running */
  chatBusy: boolean;
  /** sends a message through the chat; rejects when the chat could not send it */
  requestChat: (text: string, systemActionInfo?: SystemActionInfo) => Promise<void>;
  /** back to the app's preview */
  onClose: () => void;
  /** the table takes the chat's room too (desktop; the chat stays mounted, hidden) */
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
}

export interface SpaceSlots {
  renderChat: (props: SpaceChatSlotProps) => React.ReactNode;
  renderPreview: (props: SpacePreviewSlotProps) => React.ReactNode;
  renderDatabase: (props: SpaceDatabaseSlotProps) => React.ReactNode;
}

/** Props of the App details panel: a multi-tool app's (or a space app's) header and subheader. */
export interface DetailsPanelProps {
  details: AppDetails;
  onChange: (patch: Partial<AppDetails>) => void;
  /** what the header and subheader are for, in this kind of app */
  intro?: string;
}

/** Props of the App branding panel. */
export interface BrandingPanelProps {
  appId: string;
  style: AppStyle;
  onChange: (patch: Partial<AppStyle>) => void;
  isAdmin: boolean;
}

/** Props of a panel that edits the tool's draft: its texts, its results layout, its call to action. */
export interface ToolDraftPanelProps {
  draft: AiApp;
  onChange: (patch: Partial<AiApp>) => void;
}

/** Props of the App settings panel (App Settings / Tool Settings). */
export interface SettingsPanelProps {
  app: AppView;
  settings: AppSettings;
  onChange: (patch: Partial<AppSettings>) => void;
  account: BuilderAccount;
  onUpgrade: () => void;
  /**
   * A space app's pages for the main-page selector (spec 001 §2 "a main-page selector (space apps only)"). Given,
   * the panel is a space app's: the main page and the app-wide sections, without the run settings of AI tools.
   */
  mainPages?: readonly MainPageOption[];
}

/** Props of the Activate Your Chat Assistant dialog. */
export interface ActivateChatDialogProps {
  /** the cached app: its chat settings follow the activation at once */
  app: AppView;
  /** the settings draft: the allowed sites and the assistant's settings (saved by the settings autosave) */
  settings: AppSettings;
  onSettingsChange: (patch: Partial<AppSettings>) => void;
  /** admins choose the assistant's model and temperature, as they do the tools' */
  isAdmin: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The panels and dialogs every workspace shows: App details, App settings (the app-settings feature) and the
 * chat assistant's activation (the chat-activation feature), composed in app/.
 */
export interface AppPanelSlots {
  renderDetails: (props: DetailsPanelProps) => React.ReactNode;
  renderSettings: (props: SettingsPanelProps) => React.ReactNode;
  renderActivateChat: (props: ActivateChatDialogProps) => React.ReactNode;
}

/**
 * The panels and dialogs of a tool or generated app's workspace besides those: the app's branding and the tool's
 * texts, results layout and call to action (app-settings), the custom fields, the app's tools and the tool's
 * activation (tools), composed in app/.
 */
export interface ToolPanelSlots extends AppPanelSlots {
  renderBranding: (props: BrandingPanelProps) => React.ReactNode;
  renderTexts: (props: ToolDraftPanelProps) => React.ReactNode;
  renderResults: (props: ToolDraftPanelProps) => React.ReactNode;
  renderCta: (props: ToolDraftPanelProps) => React.ReactNode;
  renderFields: (props: CustomFieldsPanelProps) => React.ReactNode;
  renderTools: (props: AppToolsPanelProps) => React.ReactNode;
  renderActivateTool: (props: ActivateToolDialogProps) => React.ReactNode;
}

/** What the builder page gives a space app's workspace (the space-workspace feature, composed in app/). */
export interface SpaceWorkspaceProps extends SpaceSlots {
  app: AppView;
  account: BuilderAccount;
  onUpgrade: () => void;
}
