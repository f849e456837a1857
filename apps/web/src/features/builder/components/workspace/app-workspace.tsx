import * as React from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { AiApp, AppSettings, AppStyle, AppView, ToolSummary } from '@buildai/domain';
import { appQuery } from '@/lib/app-query';
import { queryKeys } from '@/lib/query-keys';
import { cacheSavedDetails, saveDetails, type AppDetails } from '@/lib/builder-api/save-details';
import { cacheSavedSettings, saveSettings } from '@/lib/builder-api/save-settings';
import { cacheSavedStyle, saveStyle } from '../../api/save-style';
import { useEditedValue, type EditedValue } from '@/hooks/use-edited-value';
import type { PanelId } from '@/lib/builder-menu';
import { withActionPreview } from '../../lib/action-preview';
import { toEditableSettings, toEditableStyle } from '@/lib/tool-draft';
import type { BuilderAccount, SpaceChatSlotProps, ToolPanelSlots } from '@/lib/builder-types';
import { ToolWorkspace } from './tool-workspace';

/** The live preview of a tool as visitors see it, given the editor's draft, style and settings. */
export type RenderPreview = (app: AiApp, style: AppStyle, settings: AppSettings) => React.ReactNode;

/** The Data sources panel of an app (another feature, composed by the route). */
export type RenderDataSources = (appId: string) => React.ReactNode;

export interface AppScope {
  app: AppView;
  account: BuilderAccount;
  onUpgrade: () => void;
  renderPreview: RenderPreview;
  renderDataSources?: RenderDataSources;
  /** the panels and dialogs of the other features (app settings, tools, the chat's activation), composed in app/ */
  panels: ToolPanelSlots;
  style: EditedValue<AppStyle>;
  settings: EditedValue<AppSettings>;
  /** a generated app's own header and subheader */
  details: EditedValue<AppDetails>;
  /** the open panel, or null for the main menu */
  panel: PanelId | null;
  setPanel: (panel: PanelId | null) => void;
  /** a tool of a generated app opened by its address: the tool's own menu */
  editingTool: boolean;
  /** a generated app's App Chat (the chat feature, composed by the route) */
  renderChat?: (props: SpaceChatSlotProps) => React.ReactNode;
  /** the App Chat changed the app: its tools, details and branding are read again and the editors follow */
  onChatChanged: () => void;
  /** counts the App Chat's changes, so an editor adopts the server's value once it arrives */
  chatRevision: number;
  /** an App Chat action's output: the changed tool or details, shown before the app is read again */
  onChatOutput: (output: unknown) => void;
  /** sends what the panels still wait to save (the workspace's), before the App Chat sends a message */
  flushEdits?: () => Promise<boolean>;
}

/** What the builder page gives the workspace of a tool or generated app. */
export interface AppWorkspaceProps {
  app: AppView;
  tool: ToolSummary | null;
  account: BuilderAccount;
  onUpgrade: () => void;
  renderPreview: RenderPreview;
  renderDataSources?: RenderDataSources;
  renderChat?: (props: SpaceChatSlotProps) => React.ReactNode;
  editingTool?: boolean;
}

interface Props extends AppWorkspaceProps {
  panels: ToolPanelSlots;
}

/** What belongs to the app as a whole (style, settings, the open panel); the tool being edited sits inside. */
export function AppWorkspace({
  app,
  tool,
  account,
  onUpgrade,
  renderPreview,
  renderDataSources,
  renderChat,
  editingTool = false,
  panels,
}: Props) {
  const queryClient = useQueryClient();
  const appId = app.appId;
  const style = useEditedValue({
    initial: toEditableStyle(app),
    save: (value: AppStyle) => saveStyle(appId, value),
    onSaved: (saved) => cacheSavedStyle(queryClient, appId, saved),
  });
  const settings = useEditedValue({
    initial: toEditableSettings(app),
    save: (value: AppSettings) => saveSettings(appId, value),
    onSaved: (saved) => cacheSavedSettings(queryClient, appId, saved),
  });
  const details = useEditedValue({
    initial: { header: app.header, description: app.description },
    save: (value: AppDetails) => saveDetails(appId, value),
    onSaved: (saved) => cacheSavedDetails(queryClient, appId, saved),
  });
  // the open panel belongs to the tool it was opened on: another tool opens on the menu
  const toolKey = tool?.toolId ?? null;
  const [opened, setOpened] = React.useState<{ toolKey: string | null; panel: PanelId | null }>({
    toolKey,
    panel: null,
  });
  const panel = opened.toolKey === toolKey ? opened.panel : null;
  const setPanel = React.useCallback(
    (next: PanelId | null) => setOpened({ toolKey, panel: next }),
    [toolKey],
  );

  const [chatRevision, setChatRevision] = React.useState(0);
  const onChatChanged = React.useCallback(() => {
    setChatRevision((n) => n + 1);
    // the app, its documents (the Code editor) and the list of apps that names it; not the chat's own queries
    void queryClient.invalidateQueries({ queryKey: appQuery(appId).queryKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: queryKeys.appFiles(appId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.apps, exact: true });
  }, [queryClient, appId]);
  // rendered at once, before the chat's own render of the same chunks: the preview is what the builder waits for
  const onChatOutput = React.useCallback(
    (output: unknown) =>
      flushSync(() =>
        queryClient.setQueryData<AppView>(appQuery(appId).queryKey, (cached) =>
          cached ? withActionPreview(cached, output) : cached,
        ),
      ),
    [queryClient, appId],
  );
  // the App Chat's edit_app changes the header, subheader and branding: the panels show what the server holds
  const { reset: resetDetails } = details;
  const { reset: resetStyle } = style;
  React.useEffect(() => {
    if (chatRevision === 0) return;
    resetDetails({ header: app.header, description: app.description });
    resetStyle(toEditableStyle(app));
    // when the app arrives after a change of the chat
  }, [app]);

  const scope: AppScope = {
    app,
    account,
    onUpgrade,
    renderPreview,
    renderDataSources,
    panels,
    style,
    settings,
    details,
    panel,
    setPanel,
    editingTool: editingTool && app.appType === 'generated',
    renderChat,
    onChatChanged,
    chatRevision,
    onChatOutput,
  };
  // a generated app's home keeps its workspace (and its App Chat) while the chat adds or removes its first tool
  const key = app.appType === 'generated' && !scope.editingTool ? 'home' : (tool?.toolId ?? 'no-tool');
  return <ToolWorkspace key={key} scope={scope} tool={tool} />;
}
