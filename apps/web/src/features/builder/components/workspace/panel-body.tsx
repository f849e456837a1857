import type { AiApp, ToolSummary } from '@buildai/domain';
import type { EditedValue } from '@/hooks/use-edited-value';
import type { PanelId } from '@/lib/builder-menu';
import type { AppScope } from './app-workspace';
import { ChatSoon, CodeEditorSoon, DataSourcesSoon } from './coming-soon-panel';
import { GeneratedCodePanel } from './generated-code-panel';
import { GeneratedDatabasePanel } from './generated-database-panel';
import { NoToolYet } from './no-tool-yet';

interface Props {
  panel: PanelId;
  scope: AppScope;
  tool: ToolSummary | null;
  draft: EditedValue<AiApp>;
  onOpenPanel: (panel: PanelId | null) => void;
}

/** The content of the open panel. */
export function PanelBody({ panel, scope, tool, draft, onOpenPanel }: Props) {
  const { app, account, onUpgrade, style, settings, details, panels } = scope;
  switch (panel) {
    case 'details':
      return panels.renderDetails({ details: details.value, onChange: details.update });
    case 'branding':
      return panels.renderBranding({
        appId: app.appId,
        style: style.value,
        onChange: style.update,
        isAdmin: account.isAdmin,
      });
    case 'settings':
      return panels.renderSettings({
        app,
        settings: settings.value,
        onChange: settings.update,
        account,
        onUpgrade,
      });
    case 'tools':
      return panels.renderTools({ app, account, onUpgrade });
    case 'data':
      return scope.renderDataSources ? scope.renderDataSources(app.appId) : <DataSourcesSoon />;
    case 'chat':
      return <ChatSoon />;
    case 'database':
      return <GeneratedDatabasePanel />;
    case 'code':
      return app.appType === 'generated' ? (
        <GeneratedCodePanel app={app} account={account} />
      ) : (
        <CodeEditorSoon />
      );
  }
  // the rest edit the tool
  if (!tool) return <NoToolYet onAddTool={() => onOpenPanel('tools')} />;
  switch (panel) {
    case 'texts':
      return panels.renderTexts({ draft: draft.value, onChange: draft.update });
    case 'fields':
      return panels.renderFields({ app, tool, draft: draft.value, onChange: draft.update, account });
    case 'results':
      return panels.renderResults({ draft: draft.value, onChange: draft.update });
    case 'cta':
      return panels.renderCta({ draft: draft.value, onChange: draft.update });
  }
}
