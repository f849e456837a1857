import type { AiApp, ToolSummary } from '@buildai/domain';
import type { EditedValue } from '../../hooks/use-edited-value';
import type { PanelId } from '../../lib/menu';
import { CustomFieldsPanel } from '../fields/custom-fields-panel';
import { BrandingPanel } from '../panels/branding-panel';
import { CtaPanel } from '../panels/cta-panel';
import { DetailsPanel } from '../panels/details-panel';
import { ResultsPanel } from '../panels/results-panel';
import { LazySettingsPanel } from '../panels/lazy-settings-panel';
import { TextsPanel } from '../panels/texts-panel';
import { AppToolsPanel } from '../tools/app-tools-panel';
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
  const { app, account, onUpgrade, style, settings, details } = scope;
  switch (panel) {
    case 'details':
      return <DetailsPanel details={details.value} onChange={details.update} />;
    case 'branding':
      return (
        <BrandingPanel
          appId={app.appId}
          style={style.value}
          onChange={style.update}
          isAdmin={account.isAdmin}
        />
      );
    case 'settings':
      return (
        <LazySettingsPanel
          app={app}
          settings={settings.value}
          onChange={settings.update}
          account={account}
          onUpgrade={onUpgrade}
        />
      );
    case 'tools':
      return <AppToolsPanel app={app} account={account} onUpgrade={onUpgrade} />;
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
      return <TextsPanel draft={draft.value} onChange={draft.update} />;
    case 'fields':
      return (
        <CustomFieldsPanel
          app={app}
          tool={tool}
          draft={draft.value}
          onChange={draft.update}
          account={account}
        />
      );
    case 'results':
      return <ResultsPanel draft={draft.value} onChange={draft.update} />;
    case 'cta':
      return <CtaPanel draft={draft.value} onChange={draft.update} />;
  }
}
