import { AppWindow, Menu, MessagesSquare, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';
import { useSpaceWorkspace } from '../hooks/use-space-workspace';
import { menuFor } from '@/lib/builder-menu';
import type { AppPanelSlots, SpaceWorkspaceProps } from '@/lib/builder-types';
import { LeaveDialog } from '@/components/builder/leave-dialog';
import { AppPane } from './app-pane';
import { MenuRail } from './menu-rail';
import { PublishControl } from './publish-control';
import { SegmentedTabs } from './segmented-tabs';
import { SpaceSidebar } from './space-sidebar';

interface Props extends SpaceWorkspaceProps {
  /** App details, App settings and the chat assistant's activation (other features, composed in app/) */
  panels: AppPanelSlots;
}

/**
 * The workspace of a space app (spec 001 §2, docs/decisions/0007 "Workspace layout"): a header with the app's name
 * and Publish; the side menu (App details, Database, App settings); the chat on the left and the app on the right
 * (Preview / Code). Below 1024 px the chat and the app are tabs and the menu opens as a sheet. Database takes the
 * app's place (docs/decisions/0008 "The database screen"): the table needs the room, the chat stays beside it.
 */
export function SpaceWorkspace({
  app,
  account,
  onUpgrade,
  renderChat,
  renderPreview,
  renderDatabase,
  panels,
}: Props) {
  const workspace = useSpaceWorkspace(app);
  const { isMobile, settings, details, title, files, drafts, saving, chat, view, dispatch } = workspace;
  const { panel, menuOpen, sheetOpen, mobileView, chatFolded, databaseExpanded } = view;
  const appId = app.appId;
  const databaseOpen = panel === 'database';

  const sidebar = (
    <SpaceSidebar
      app={app}
      account={account}
      onUpgrade={onUpgrade}
      panels={panels}
      settings={settings}
      details={details}
      mainPages={workspace.mainPages}
      panel={panel}
      onOpenPanel={(next) => dispatch({ type: 'menu-entry', panel: next })}
    />
  );

  return (
    <div className="flex h-[calc(100svh-3.5rem)] min-h-0 flex-col">
      <header className="flex h-12 shrink-0 items-center gap-2 border-b bg-background px-2 sm:px-3">
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="App menu"
          aria-expanded={isMobile ? sheetOpen : menuOpen || panel !== null}
          onClick={() => dispatch({ type: 'menu-button', mobile: isMobile })}
        >
          <Menu />
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-sm font-semibold" title={title}>
            {title}
          </h1>
          <p className="flex items-center gap-1.5 text-[11px] text-muted-foreground">
            <span
              aria-hidden
              className={cn('size-1.5 rounded-full', app.isPublished ? 'bg-emerald-500' : 'bg-zinc-300')}
            />
            {saving ? 'Saving...' : app.isPublished ? 'Published' : 'Not published'}
          </p>
        </div>
        {/* the database screen has its own (it widens the table) */}
        {!isMobile && !databaseOpen && (
          <Button
            variant="ghost"
            size="icon-sm"
            className="hidden lg:inline-flex"
            aria-label={chatFolded ? 'Show the chat' : 'Hide the chat'}
            title={chatFolded ? 'Show the chat' : 'Hide the chat'}
            aria-pressed={chatFolded}
            onClick={() => dispatch({ type: 'toggle-chat' })}
          >
            {chatFolded ? <PanelLeftOpen /> : <PanelLeftClose />}
          </Button>
        )}
        <PublishControl app={app} saveAll={workspace.saveAll} />
      </header>

      <div className="border-b bg-background p-1.5 lg:hidden">
        <SegmentedTabs
          label="Workspace view"
          value={mobileView}
          onChange={(next) => dispatch({ type: 'show', patch: { mobileView: next } })}
          fill
          options={[
            ['chat', 'Chat', MessagesSquare],
            ['app', 'App', AppWindow],
          ]}
        />
      </div>

      <div className="flex min-h-0 flex-1">
        {!isMobile && (
          <MenuRail
            appType={app.appType}
            entries={menuFor('space', account)}
            open={panel}
            onOpen={(next) => dispatch({ type: 'rail-entry', panel: next })}
          />
        )}
        {!isMobile && (menuOpen || panel) && !databaseOpen && (
          <aside aria-label="App menu" className="flex w-72 shrink-0 flex-col border-r bg-background">
            {sidebar}
          </aside>
        )}
        <section
          aria-label="App Chat"
          className={cn(
            'min-h-0 w-full flex-col border-r bg-background lg:flex lg:w-[360px] lg:shrink-0 2xl:w-[440px]',
            mobileView === 'chat' ? 'flex' : 'hidden',
            databaseOpen && databaseExpanded && 'lg:hidden',
            chatFolded && !databaseOpen && 'lg:hidden',
            // a menu panel takes the chat's place below 1536 px, so the code editor keeps its room
            !isMobile && (menuOpen || panel !== null) && !databaseOpen && 'lg:hidden 2xl:flex',
          )}
        >
          {renderChat({
            appId,
            isAdmin: account.isAdmin,
            appErrors: workspace.appErrors,
            onFilesChanged: workspace.onFilesChanged,
            onClearErrors: workspace.onClearErrors,
            onBusyChange: chat.onBusyChange,
            request: chat.request,
            onRequestSettled: chat.onRequestSettled,
          })}
        </section>
        {databaseOpen && (
          <section
            aria-label="Database"
            className={cn(
              'min-h-0 min-w-0 flex-1 flex-col bg-background lg:flex',
              mobileView === 'app' ? 'flex' : 'hidden',
            )}
          >
            {renderDatabase({
              appId,
              refreshKey: workspace.preview.refreshKey,
              chatBusy: chat.busy,
              requestChat: chat.requestChat,
              onClose: workspace.closeDatabase,
              expanded: databaseExpanded,
              onExpandedChange: workspace.setDatabaseExpanded,
            })}
          </section>
        )}
        {/* the preview stays mounted under the database, so the frame keeps its state */}
        <AppPane
          appId={appId}
          className={cn(
            'flex-1',
            databaseOpen ? 'hidden' : 'lg:flex',
            !databaseOpen && mobileView === 'app' ? 'flex' : 'hidden',
          )}
          tab={view.tab}
          onTab={(tab) => dispatch({ type: 'show', patch: { tab } })}
          preview={{
            appId,
            refreshKey: workspace.preview.refreshKey,
            reloadKey: workspace.preview.reloadKey,
            onAppErrors: workspace.setAppErrors,
          }}
          renderPreview={renderPreview}
          onReload={workspace.preview.reload}
          files={{
            data: files.data,
            loading: files.isPending,
            error: files.error,
            refetch: () => void files.refetch(),
          }}
          drafts={drafts}
          isAdmin={account.isAdmin}
        />
      </div>

      {isMobile && (
        <Sheet
          open={sheetOpen}
          onOpenChange={(open) => dispatch({ type: 'show', patch: { sheetOpen: open } })}
        >
          <SheetContent side="left" className="w-[18rem] gap-0 p-0">
            <SheetTitle className="sr-only">App menu</SheetTitle>
            <SheetDescription className="sr-only">
              App details, Database, Chat assistant and App settings
            </SheetDescription>
            <div className="flex min-h-0 flex-1 flex-col pt-8">{sidebar}</div>
          </SheetContent>
        </Sheet>
      )}
      {panels.renderActivateChat({
        app,
        settings: settings.value,
        onSettingsChange: settings.update,
        isAdmin: account.isAdmin,
        open: view.chatOpen,
        onOpenChange: (open) => dispatch({ type: 'show', patch: { chatOpen: open } }),
      })}
      <LeaveDialog blocker={workspace.blocker} />
    </div>
  );
}
