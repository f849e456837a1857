import type { AppSettings, AppView } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { chatSettingsOf } from '@/lib/builder-api/chat-assistant';
import type { AppDetails } from '@/lib/builder-api/save-details';
import type { EditedValue } from '@/hooks/use-edited-value';
import type { MainPageOption } from '@/lib/main-pages';
import { menuFor, panelTitle, type PanelId } from '@/lib/builder-menu';
import type { AppPanelSlots, BuilderAccount } from '@/lib/builder-types';
import { MainMenu } from '@/components/builder/main-menu';

export interface SpaceSidebarProps {
  app: AppView;
  account: BuilderAccount;
  onUpgrade: () => void;
  /** App details and App settings (the app-settings feature, composed in app/) */
  panels: Pick<AppPanelSlots, 'renderDetails' | 'renderSettings'>;
  settings: EditedValue<AppSettings>;
  details: EditedValue<AppDetails>;
  mainPages: readonly MainPageOption[];
  panel: PanelId | null;
  onOpenPanel: (panel: PanelId | null) => void;
}

/** A space app's side menu (spec 001 §2 "Space app: App details, Database, App settings") and its open panel. */
export function SpaceSidebar(props: SpaceSidebarProps) {
  const { app, account, panel, onOpenPanel } = props;
  const entries = menuFor('space', account);
  // Database is not a side panel: it takes the app's place (docs/decisions/0008 "The database screen")
  const open = panel && panel !== 'database' && entries.includes(panel) ? panel : null;
  if (!open)
    return (
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4">
        <h2 className="px-1 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Space app
        </h2>
        <MainMenu
          appType={app.appType}
          entries={entries}
          onOpen={onOpenPanel}
          live={chatSettingsOf(app).status === 'active' ? ['chat'] : []}
        />
      </div>
    );
  return (
    <section aria-labelledby="builder-panel-title" className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
        <h2 id="builder-panel-title" className="text-sm font-semibold">
          {panelTitle(open, app.appType)}
        </h2>
        <Button size="sm" variant="secondary" onClick={() => onOpenPanel(null)}>
          Done
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        <SpacePanelBody {...props} panel={open} />
      </div>
    </section>
  );
}

function SpacePanelBody({
  app,
  panel,
  account,
  onUpgrade,
  panels,
  settings,
  details,
  mainPages,
}: SpaceSidebarProps & { panel: PanelId }) {
  switch (panel) {
    case 'details':
      return panels.renderDetails({
        details: details.value,
        onChange: details.update,
        intro:
          "Your app's name and a line about it: shown in your list of apps and on the page when it is shared.",
      });
    case 'settings':
      return panels.renderSettings({
        app,
        settings: settings.value,
        onChange: settings.update,
        account,
        onUpgrade,
        mainPages,
      });
    default:
      return null;
  }
}
