import * as React from 'react';
import { Link, useNavigate } from 'react-router';
import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LOGIN_PATH } from '@/lib/redirect';

/** How long a finished or refused link page stays before moving on by itself. */
export const HANDLER_REDIRECT_DELAY_MS = 3000;

/** What every emailed link carries (docs/decisions/0002 "Emailed links"). */
export interface LinkParams {
  /** the emailed secret: `oobCode` (verify, reset) or `token` (magic link) */
  code: string | null;
  continueUrl: string | null;
  appId: string | null;
}

export function loginPath(appId: string | null): string {
  return appId ? `${LOGIN_PATH}?appId=${encodeURIComponent(appId)}` : LOGIN_PATH;
}

export function BackToLogin({
  appId = null,
  label = 'Back to sign in',
}: {
  appId?: string | null;
  label?: string;
}) {
  return (
    <Button size="lg" className="w-full" asChild>
      <Link to={loginPath(appId)}>{label}</Link>
    </Button>
  );
}

export function Working({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
      <Loader2 className="size-5 animate-spin" />
      {label}
    </div>
  );
}

/** Runs a single-use claim once per mount (a second run, e.g. React's strict mode, would burn the code). */
export function useOnce(run: () => void) {
  const started = React.useRef(false);
  const latest = React.useRef(run);
  React.useEffect(() => {
    latest.current = run;
  });
  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    latest.current();
  }, []);
}

/** Navigates after a delay (the page says where it goes and links there meanwhile). */
/**
 * Loads `to` as a new document after the same delay: an address the server answers itself (an app's page on its
 * own domain, where the SPA has no route for it) is reached as the server serves it.
 */
export function useLoadLater(to: string | null) {
  React.useEffect(() => {
    if (!to) return;
    const id = setTimeout(() => window.location.replace(to), HANDLER_REDIRECT_DELAY_MS);
    return () => clearTimeout(id);
  }, [to]);
}

export function useNavigateLater(to: string | null) {
  const navigate = useNavigate();
  React.useEffect(() => {
    if (!to) return;
    const id = setTimeout(() => void navigate(to, { replace: true }), HANDLER_REDIRECT_DELAY_MS);
    return () => clearTimeout(id);
  }, [to, navigate]);
}
