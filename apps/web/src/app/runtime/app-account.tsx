import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { History, LoaderCircle, LogIn, UserPlus } from 'lucide-react';
import type { AppMeResponse, AppStyle } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { useMyHistory } from '@/features/runtime/api/my-history';
import { api } from '@/lib/api-client';
import { appQuery } from '@/lib/app-query';
import { appTheme, themeStyle } from '@/lib/app-theme';
import { cn } from '@/lib/utils';
import { LOGIN_PATH } from '@/lib/redirect';
import { clearToken, getToken, mightHaveSession, subscribeToken } from '@/lib/session';

const AccountMenu = React.lazy(() => import('./account-menu'));
// a visitor's history opens on demand; most visits never do
const MyHistorySheet = React.lazy(() =>
  import('@/features/runtime/components/my-history-sheet').then((m) => ({ default: m.MyHistorySheet })),
);

/** GET /api/apps/{appId}/me: the visitor as this app sees them (null: not one of its users). */
const meQuery = (appId: string) => ({
  queryKey: ['apps', appId, 'me'] as const,
  queryFn: () => api<AppMeResponse>(`/api/apps/${encodeURIComponent(appId)}/me`),
  staleTime: 60_000,
});

/** Whether this browser holds a session (a token, or the refresh cookie's hint); re-read when the token changes. */
function useHasSession(): boolean {
  return React.useSyncExternalStore(subscribeToken, () => getToken() !== null || mightHaveSession());
}

/** POST /api/live_api/auth/signOut, then the token goes; a failed call still signs this browser out. */
async function signOut(): Promise<void> {
  await api<void>('/api/live_api/auth/signOut', { method: 'POST', body: {}, refreshOn401: false }).catch(
    () => undefined,
  );
  clearToken();
}

/** The app's sign-in page, coming back here afterwards. */
export function appLoginPath(appId: string, mode: 'signIn' | 'signUp', back: string): string {
  const params = new URLSearchParams({ appId, redirectTo: back });
  if (mode === 'signUp') params.set('mode', 'signup');
  return `${LOGIN_PATH}?${params.toString()}`;
}

/**
 * The visitor's place on an app's public pages (spec 000 §2 `/logout`, spec 001 §4 user signup): a signed-in end
 * user sees their email in a small menu with Sign out; an anonymous visitor of an app with signup on gets Sign in
 * and Sign up links to the app's own sign-in page. The app's owner, who has the builder, sees nothing here.
 */
export function AppAccount({
  appId,
  reload = () => window.location.reload(),
}: {
  appId: string;
  /** after signing out the page loads again as anyone sees it (a space app's frame included) */
  reload?: () => void;
}) {
  const app = useQuery(appQuery(appId));
  const hasSession = useHasSession();
  const me = useQuery({ ...meQuery(appId), enabled: hasSession });
  const [leaving, setLeaving] = React.useState(false);
  const [historyOpen, setHistoryOpen] = React.useState(false);
  // a visitor without an account finds what they asked here once they asked something (decision 0018)
  const visitorHistory = useMyHistory(appId, {
    enabled: Boolean(app.data && !app.data.isOwner) && !hasSession,
  });
  if (!app.data || app.data.isOwner || (hasSession && me.isPending)) return null;
  const user = hasSession ? (me.data?.user ?? null) : null;
  const here = () => `${window.location.pathname}${window.location.search}`;

  const goToLogin = async (mode: 'signIn' | 'signUp') => {
    setLeaving(true);
    // another session (a builder, another app's user) would send the sign-in page straight back: it ends first
    if (hasSession) await signOut();
    window.location.assign(appLoginPath(appId, mode, here()));
  };

  if (user) {
    return (
      <Corner appStyle={app.data.appStyle}>
        <React.Suspense fallback={null}>
          <AccountMenu
            appId={appId}
            appName={app.data.header}
            email={user.email}
            onSignOut={() => {
              setLeaving(true);
              void signOut().then(reload);
            }}
          />
        </React.Suspense>
        {leaving && (
          <LoaderCircle className="size-4 animate-spin text-muted-foreground" aria-label="Signing out" />
        )}
      </Corner>
    );
  }

  const hasHistory = !hasSession && ((visitorHistory.data?.length ?? 0) > 0 || historyOpen);
  const signup = app.data.appSettings.isSignupEnabled;
  if (!signup && !hasHistory) return null;
  const link = (mode: 'signIn' | 'signUp') => ({
    href: appLoginPath(appId, mode, here()),
    onClick: (e: React.MouseEvent) => {
      if (!hasSession) return;
      e.preventDefault();
      void goToLogin(mode);
    },
  });
  return (
    <Corner appStyle={app.data.appStyle}>
      {hasHistory && (
        <>
          <Button
            variant="ghost"
            size="sm"
            className="rounded-full bg-background/80 shadow-sm backdrop-blur"
            aria-label="My history"
            onClick={() => setHistoryOpen(true)}
          >
            <History />
            <span className="hidden sm:inline">My history</span>
          </Button>
          {historyOpen && (
            <React.Suspense fallback={null}>
              <MyHistorySheet
                appId={appId}
                appName={app.data.header}
                open={historyOpen}
                onOpenChange={setHistoryOpen}
              />
            </React.Suspense>
          )}
        </>
      )}
      {signup && (
        <>
          <Button
            asChild
            variant="ghost"
            size="sm"
            className="rounded-full bg-background/80 shadow-sm backdrop-blur"
            aria-disabled={leaving || undefined}
          >
            <a {...link('signIn')}>
              <LogIn />
              Sign in
            </a>
          </Button>
          <Button asChild size="sm" className="rounded-full shadow-sm" aria-disabled={leaving || undefined}>
            <a {...link('signUp')}>
              <UserPlus />
              Sign up
            </a>
          </Button>
        </>
      )}
    </Corner>
  );
}

/**
 * The CSS variable that holds how much of the viewport's right edge the corner covers (its width, its offset and a
 * gap), while it is shown: a page whose header has controls at the top right keeps them clear of it on narrow
 * screens (the assistant's chat page).
 */
export const ACCOUNT_INSET_VARIABLE = '--app-account-inset';

/**
 * The CSS variable that holds how much room the corner needs above a page on a phone (below 640 px wide: its bottom
 * and a gap), while it is shown; 0 on wider screens. The public pages start below it there, so the corner's buttons
 * never cover the app's own heading (issue 32, item 11).
 */
export const ACCOUNT_TOP_VARIABLE = '--app-account-top';
/** Below this width the corner gets a band of its own above the page. */
const PHONE_MAX_PX = 640;

/** Top right, over the page (on a phone, above it), in the app's colours. */
function Corner({ appStyle, children }: { appStyle: AppStyle; children: React.ReactNode }) {
  const theme = appTheme(appStyle);
  const ref = React.useRef<HTMLElement>(null);
  React.useLayoutEffect(() => {
    const corner = ref.current;
    if (!corner) return;
    const root = document.documentElement;
    const measure = () => {
      const box = corner.getBoundingClientRect();
      root.style.setProperty(ACCOUNT_INSET_VARIABLE, `${Math.ceil(window.innerWidth - box.left) + 8}px`);
      root.style.setProperty(
        ACCOUNT_TOP_VARIABLE,
        window.innerWidth < PHONE_MAX_PX ? `${Math.ceil(box.bottom) + 8}px` : '0px',
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(corner);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(ACCOUNT_INSET_VARIABLE);
      root.style.removeProperty(ACCOUNT_TOP_VARIABLE);
    };
  }, []);
  return (
    <nav
      ref={ref}
      aria-label="Account"
      className={cn('fixed top-3 right-3 z-40 flex items-center gap-2 text-foreground', theme.className)}
      style={themeStyle(theme)}
    >
      {children}
    </nav>
  );
}
