import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { AppErrorItem, AppSettings, AppView } from '@buildai/domain';
import { useIsMobile } from '@/components/ui/use-mobile';
import { queryKeys } from '@/lib/query-keys';
import { appFilesQuery } from '@/lib/builder-api/app-files';
import { cacheSavedDetails, saveDetails, type AppDetails } from '@/lib/builder-api/save-details';
import { cacheSavedSettings, saveSettings } from '@/lib/builder-api/save-settings';
import { mainPageOptions } from '@/lib/main-pages';
import type { PanelId } from '@/lib/builder-menu';
import { toEditableSettings } from '@/lib/tool-draft';
import { useChatBridge } from './use-chat-bridge';
import { useEditedValue } from '@/hooks/use-edited-value';
import { useFileDrafts } from './use-file-drafts';
import { useLeaveGuard } from '@/hooks/use-leave-guard';

import type { AppPaneTab } from '../components/app-pane';

/** What the space workspace shows: which panel, which sheet or dialog is open, which half a phone sees. */
export interface WorkspaceView {
  panel: PanelId | null;
  /** the Activate Your Chat Assistant dialog (the menu's chat entry opens it, not a panel) */
  chatOpen: boolean;
  /** the desktop's menu, unfolded from its icons */
  menuOpen: boolean;
  /** the phone's menu sheet */
  sheetOpen: boolean;
  mobileView: 'chat' | 'app';
  tab: AppPaneTab;
  /** on a desktop the chat folds away, so the preview or the code gets the whole width */
  chatFolded: boolean;
  /** the database table takes the chat's room too */
  databaseExpanded: boolean;
}

export type WorkspaceViewAction =
  /** an entry of the unfolded menu (or its sheet) was chosen; null is Done */
  | { type: 'menu-entry'; panel: PanelId | null }
  /** an icon of the folded menu was chosen; null: the open one again, which closes it */
  | { type: 'rail-entry'; panel: PanelId | null }
  /** the header's menu button */
  | { type: 'menu-button'; mobile: boolean }
  | { type: 'close-database' }
  | { type: 'toggle-chat' }
  | { type: 'show'; patch: Partial<WorkspaceView> };

// on a desktop the menu starts folded to its icons: the chat and the app keep the room
export const initialWorkspaceView: WorkspaceView = {
  panel: null,
  chatOpen: false,
  menuOpen: false,
  sheetOpen: false,
  mobileView: 'chat',
  tab: 'preview',
  chatFolded: false,
  databaseExpanded: false,
};

/** How the space workspace's view answers the builder's clicks (spec 001 §2, docs/decisions/0007). */
export function workspaceView(state: WorkspaceView, action: WorkspaceViewAction): WorkspaceView {
  switch (action.type) {
    case 'menu-entry': {
      if (action.panel === 'chat') return { ...state, sheetOpen: false, chatOpen: true };
      // Done returns to the main menu (spec 001 §2), unfolded
      if (action.panel === null) return { ...state, menuOpen: true, panel: null };
      // the database takes the app's place: the menu folds away, on a phone the sheet closes
      if (action.panel === 'database')
        return { ...state, menuOpen: false, sheetOpen: false, mobileView: 'app', panel: 'database' };
      return { ...state, panel: action.panel };
    }
    case 'rail-entry': {
      if (action.panel === 'chat') return { ...state, chatOpen: true };
      if (action.panel === 'database')
        return { ...state, menuOpen: false, mobileView: 'app', panel: 'database' };
      return { ...state, panel: action.panel };
    }
    case 'menu-button': {
      if (action.mobile) return { ...state, sheetOpen: true };
      const open = !(state.menuOpen || state.panel);
      return { ...state, menuOpen: open, panel: open ? state.panel : null };
    }
    case 'close-database':
      return { ...state, panel: null };
    case 'toggle-chat':
      return { ...state, chatFolded: !state.chatFolded };
    case 'show':
      return { ...state, ...action.patch };
  }
}

/**
 * The state of a space app's workspace: the settings and details it saves, the files and their drafts, the keys
 * that refresh or reload the preview, the errors the preview reported, the view, and the bridge through which the
 * other screens hand the chat a request. The first message the home page's prompt box passed is sent here.
 */
export function useSpaceWorkspace(app: AppView) {
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
  const [refreshKey, refreshPreview] = React.useReducer((k: number) => k + 1, 0);
  const [reloadKey, reloadPreview] = React.useReducer((k: number) => k + 1, 0);
  // a code-editor save shows in the preview at once, as a chat turn's changes do
  const drafts = useFileDrafts(appId, files.data, refreshPreview);
  const [appErrors, setAppErrors] = React.useState<AppErrorItem[]>([]);
  const [view, dispatch] = React.useReducer(workspaceView, initialWorkspaceView);
  // stable, as the database screen's props were
  const closeDatabase = React.useCallback(() => dispatch({ type: 'close-database' }), []);
  const setDatabaseExpanded = React.useCallback(
    (expanded: boolean) => dispatch({ type: 'show', patch: { databaseExpanded: expanded } }),
    [],
  );

  const onFilesChanged = React.useCallback(() => {
    refreshPreview();
    void queryClient.invalidateQueries({ queryKey: appFilesQuery(appId).queryKey });
  }, [queryClient, appId]);
  // only the errors a fix was sent for: one the reloaded preview reported meanwhile is new and stays
  const onClearErrors = React.useCallback(
    (sent: readonly AppErrorItem[]) => setAppErrors((errors) => errors.filter((e) => !sent.includes(e))),
    [],
  );

  // on a phone the chat is the other tab: show the turn a request started
  const onTaken = React.useCallback(() => {
    if (isMobile) dispatch({ type: 'show', patch: { mobileView: 'chat' } });
  }, [isMobile]);
  const chat = useChatBridge({ onTaken });
  const { requestChat, busy: chatBusy } = chat;

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

  return {
    isMobile,
    settings,
    details,
    title: details.value.header.trim() || 'Untitled app',
    files,
    drafts,
    mainPages,
    saving,
    saveAll,
    blocker,
    preview: { refreshKey, reloadKey, reload: reloadPreview },
    appErrors,
    setAppErrors,
    onFilesChanged,
    onClearErrors,
    chat,
    view,
    dispatch,
    closeDatabase,
    setDatabaseExpanded,
  };
}
