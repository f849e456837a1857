import type { AiApp, AppView, ToolSummary } from '@buildai/domain';

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
