import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { AppWindow, Menu, MessagesSquare, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { AppErrorItem, AppSettings, AppView, SystemActionInfo } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useIsMobile } from '@/components/ui/use-mobile';
import { queryKeys } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import { appFilesQuery } from '../../api/app-files';
import { cacheSavedDetails, saveDetails, type AppDetails } from '../../api/save-details';
import { cacheSavedSettings, saveSettings } from '../../api/save-settings';
import { useEditedValue } from '../../hooks/use-edited-value';
import { useFileDrafts } from '../../hooks/use-file-drafts';
import { useLeaveGuard } from '../../hooks/use-leave-guard';
import { mainPageOptions } from '../../lib/main-pages';
import { menuFor, type PanelId } from '../../lib/menu';
import { toEditableSettings } from '../../lib/tool-draft';
import type { BuilderAccount, ChatRequest, SpaceSlots } from '../../types';
import { LeaveDialog } from '../leave-dialog';
import { AppPane, type AppPaneTab } from './app-pane';
import { MenuRail } from './menu-rail';
import { PublishControl } from './publish-control';
import { SegmentedTabs } from './segmented-tabs';
import { LazyActivateChatDialog } from '../chat/lazy-activate-chat-dialog';
import { SpaceSidebar } from './space-sidebar';

/** How long a request waits for the chat to take it (the chat may still be loading its history). */
const CHAT_REQUEST_TIMEOUT_MS = 20_000;

interface Props extends SpaceSlots {
  app: AppView;
  account: BuilderAccount;
  onUpgrade: () => void;
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
}: Props) {
  const queryClient = useQueryClient();
  const appId = app.appId;
  const isMobile = useIsMobile();
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
  const files = useQuery(appFilesQuery(appId));
  const [refreshKey, setRefreshKey] = React.useState(0);
  const [reloadKey, setReloadKey] = React.useState(0);
  // a code-editor save shows in the preview at once, as a chat turn's changes do
  const drafts = useFileDrafts(appId, files.data, () => setRefreshKey((k) => k + 1));

  const [appErrors, setAppErrors] = React.useState<AppErrorItem[]>([]);
  const [panel, setPanel] = React.useState<PanelId | null>(null);
  // the chat assistant entry opens the Activate Your Chat Assistant dialog, not a panel
  const [chatOpen, setChatOpen] = React.useState(false);
  // on a desktop the menu starts folded to its icons: the chat and the app keep the room
  const [menuOpen, setMenuOpen] = React.useState(false);
  const [sheetOpen, setSheetOpen] = React.useState(false);
  const [mobileView, setMobileView] = React.useState<'chat' | 'app'>('chat');
  const [tab, setTab] = React.useState<AppPaneTab>('preview');
  // on a desktop the chat folds away, so the preview or the code gets the whole width (issue 32, item 9)
  const [chatFolded, setChatFolded] = React.useState(false);

  const onFilesChanged = React.useCallback(() => {
    setRefreshKey((k) => k + 1);
    void queryClient.invalidateQueries({ queryKey: appFilesQuery(appId).queryKey });
  }, [queryClient, appId]);
  // only the errors a fix was sent for: one the reloaded preview reported meanwhile is new and stays
  const onClearErrors = React.useCallback(
    (sent: readonly AppErrorItem[]) => setAppErrors((errors) => errors.filter((e) => !sent.includes(e))),
    [],
  );

  // the bridge from the database screen to the chat: the chat's busy state and a request it sends
  const [chatBusy, setChatBusy] = React.useState(false);
  const [chatRequest, setChatRequest] = React.useState<ChatRequest | null>(null);
  const waiting = React.useRef(new Map<number, (error: unknown) => void>());
  const lastRequestId = React.useRef(0);
  const onRequestSettled = React.useCallback((id: number, error: unknown) => {
    waiting.current.get(id)?.(error);
    waiting.current.delete(id);
    setChatRequest((current) => (current?.id === id ? null : current));
  }, []);
  const requestChat = React.useCallback(
    (text: string, systemActionInfo?: SystemActionInfo) =>
      new Promise<void>((resolve, reject) => {
        const id = ++lastRequestId.current;
        const timer = setTimeout(
          () => onRequestSettled(id, new Error('The chat did not take the message')),
          CHAT_REQUEST_TIMEOUT_MS,
        );
        waiting.current.set(id, (error) => {
          clearTimeout(timer);
          if (error) return reject(error instanceof Error ? error : new Error(String(error)));
          resolve();
          // on a phone the chat is the other tab: show the turn the request started
          if (isMobile) setMobileView('chat');
        });
        setChatRequest({ id, text, systemActionInfo });
      }),
    [onRequestSettled, isMobile],
  );
  // the home page's prompt box opens a new app with its description: it is the chat's first request
  const location = useLocation();
  const navigate = useNavigate();
  const firstMessage = (location.state as { firstMessage?: unknown } | null)?.firstMessage;
  const firstSent = React.useRef(false);
  React.useEffect(() => {
    if (firstSent.current || typeof firstMessage !== 'string' || !firstMessage.trim()) return;
    firstSent.current = true;
    // the state goes, so a reload does not send it again
    void navigate(location.pathname + location.search, { replace: true, state: null });
    requestChat(firstMessage.trim()).catch(() => undefined);
  }, [firstMessage, navigate, location.pathname, location.search, requestChat]);

  // a turn may name the app (its first request does): the header, the menu's details and the sidebar's list follow
  const wasBusy = React.useRef(false);
  React.useEffect(() => {
    if (wasBusy.current && !chatBusy) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.app(appId), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.apps, exact: true });
    }
    wasBusy.current = chatBusy;
  }, [chatBusy, queryClient, appId]);
  const { reset: resetDetails } = details;
  React.useEffect(() => {
    resetDetails({ header: app.header, description: app.description });
  }, [app.header, app.description, resetDetails]);

  const databaseOpen = panel === 'database';
  const panelOpen = !isMobile && (menuOpen || panel !== null) && !databaseOpen;
  const [databaseExpanded, setDatabaseExpanded] = React.useState(false);
  const closeDatabase = React.useCallback(() => setPanel(null), []);

  const saving = settings.busy || details.busy || drafts.status === 'saving';
  const blocker = useLeaveGuard(saving || drafts.dirty);
  const { flush: flushSettings } = settings;
  const { flush: flushDetails } = details;
  const saveAll = React.useCallback(async () => {
    const [a, b] = await Promise.all([flushSettings(), flushDetails(), drafts.flush()]);
    // an edit in conflict with the chat or one that failed is not what visitors should get without a word
    return a && b && drafts.status === 'saved';
  }, [flushSettings, flushDetails, drafts]);

  const mainPages = React.useMemo(
    () =>
      mainPageOptions(
        (files.data ?? []).map((f) => f.path),
        settings.value.mainPage,
      ),
    [files.data, settings.value.mainPage],
  );
  const title = details.value.header.trim() || 'Untitled app';

  const sidebar = (
    <SpaceSidebar
      app={app}
      account={account}
      onUpgrade={onUpgrade}
      settings={settings}
      details={details}
      mainPages={mainPages}
      panel={panel}
      onOpenPanel={(next) => {
        if (next === 'chat') {
          setSheetOpen(false);
          return setChatOpen(true);
        }
        // Done returns to the main menu (spec 001 §2), unfolded
        if (next === null) setMenuOpen(true);
        if (next === 'database') {
          // the database takes the app's place: the menu folds away, on a phone the sheet closes
          setMenuOpen(false);
          setSheetOpen(false);
          setMobileView('app');
        }
        setPanel(next);
      }}
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
          onClick={() => {
            if (isMobile) return setSheetOpen(true);
            const next = !(menuOpen || panel);
            setMenuOpen(next);
            if (!next) setPanel(null);
          }}
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
            onClick={() => setChatFolded((f) => !f)}
          >
            {chatFolded ? <PanelLeftOpen /> : <PanelLeftClose />}
          </Button>
        )}
        <PublishControl app={app} saveAll={saveAll} />
      </header>

      <div className="border-b bg-background p-1.5 lg:hidden">
        <SegmentedTabs
          label="Workspace view"
          value={mobileView}
          onChange={setMobileView}
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
            onOpen={(next) => {
              if (next === 'chat') return setChatOpen(true);
              if (next === 'database') {
                setMenuOpen(false);
                setMobileView('app');
              }
              setPanel(next);
            }}
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
            panelOpen && 'lg:hidden 2xl:flex',
          )}
        >
          {renderChat({
            appId,
            isAdmin: account.isAdmin,
            appErrors,
            onFilesChanged,
            onClearErrors,
            onBusyChange: setChatBusy,
            request: chatRequest,
            onRequestSettled,
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
              refreshKey,
              chatBusy,
              requestChat,
              onClose: closeDatabase,
              expanded: databaseExpanded,
              onExpandedChange: setDatabaseExpanded,
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
          tab={tab}
          onTab={setTab}
          preview={{ appId, refreshKey, reloadKey, onAppErrors: setAppErrors }}
          renderPreview={renderPreview}
          onReload={() => setReloadKey((k) => k + 1)}
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
        <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
          <SheetContent side="left" className="w-[18rem] gap-0 p-0">
            <SheetTitle className="sr-only">App menu</SheetTitle>
            <SheetDescription className="sr-only">
              App details, Database, Chat assistant and App settings
            </SheetDescription>
            <div className="flex min-h-0 flex-1 flex-col pt-8">{sidebar}</div>
          </SheetContent>
        </Sheet>
      )}
      <LazyActivateChatDialog
        app={app}
        settings={settings.value}
        onSettingsChange={settings.update}
        isAdmin={account.isAdmin}
        open={chatOpen}
        onOpenChange={setChatOpen}
      />
      <LeaveDialog blocker={blocker} />
    </div>
  );
}
