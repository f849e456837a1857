import type * as React from 'react';
import type { AiApp, AppErrorItem, AppView, SystemActionInfo, ToolSummary } from '@buildai/domain';

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
