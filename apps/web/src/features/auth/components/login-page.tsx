import * as React from 'react';
import { AlertCircle, Loader2, Mail } from 'lucide-react';
import { PageLoader } from '@/components/page-state';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { Redirect, useNavigation } from '@/lib/navigation';
import { MAIN_PAGE, postLoginPath, postLoginRoute } from '@/lib/redirect';
import { useAuthConfig } from '../api/auth-config';
import { signInWithCustomToken } from '../api/custom-token';
import { useAuth } from '../hooks/auth-context';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import { AppLegal } from './app-branding';
import { AuthForm, type AuthMode } from './auth-form';
import { AuthLayout, OrDivider } from './auth-layout';

// The emailed-link and password-reset panels load when the visitor opens one, not with the page
// (docs/decisions/0005 "Page weight").
const MagicLinkPanel = React.lazy(async () => ({
  default: (await import('./magic-link-panel')).MagicLinkPanel,
}));
const ForgotPasswordPanel = React.lazy(async () => ({
  default: (await import('./forgot-password-panel')).ForgotPasswordPanel,
}));

type View = 'password' | 'magicLink' | 'resetPassword';

/**
 * /login: email + password (sign-up only when the tenant accepts it), Google, an emailed link or one-time code,
 * and "Forgot password?". `?appId=` makes it the sign-in page of that app's users.
 */
export function LoginPage() {
  const { status, account } = useAuth();
  // rendered by the builder's document and by the sign-in page's own, without a router (docs/decisions/0005)
  const { location, navigate } = useNavigation();
  const params = React.useMemo(() => new URLSearchParams(location.search), [location.search]);
  const appId = params.get('appId') || null;
  const config = useAuthConfig(appId);
  const completeSignIn = useCompleteSignIn({ saleId: params.get('sale_id'), appId });
  const [view, setView] = React.useState<View>('password');
  const [email, setEmail] = React.useState('');
  const [notice, setNotice] = React.useState<string | null>(null);
  const [exchanging, setExchanging] = React.useState(false);

  const google = useGoogleSignIn({
    appId,
    onCustomToken: ({ customToken }) => {
      setNotice(null);
      setExchanging(true);
      void signInWithCustomToken(customToken)
        .then(completeSignIn)
        .catch((err: unknown) => setNotice(errorMessage(err)))
        .finally(() => setExchanging(false));
    },
    onError: setNotice,
  });

  if (status === 'signedIn' && account) {
    const to = postLoginRoute({
      pathname: location.pathname,
      search: location.search,
      emailVerified: account.emailVerified,
      appName: config.data?.appName,
    });
    return <Redirect to={to ?? MAIN_PAGE} />;
  }

  // an app's page waits for the app's look rather than flashing the builder's
  if (appId && config.isPending) return <PageLoader label="Loading…" className="min-h-svh" />;

  const signUpEnabled = config.data?.signUpEnabled ?? false;
  const googleEnabled = config.data?.googleEnabled ?? false;
  const appName = config.data?.appName ?? null;
  const mode: AuthMode = params.get('mode') === 'signup' && signUpEnabled ? 'signUp' : 'signIn';
  // the emailed link signs in and continues where this page would have gone
  const continueUrl = postLoginPath(params.get('redirectTo'));

  const setMode = (next: AuthMode) => {
    const copy = new URLSearchParams(params);
    if (next === 'signUp') copy.set('mode', 'signup');
    else copy.delete('mode');
    const query = copy.toString();
    navigate(`${location.pathname}${query ? `?${query}` : ''}`, { replace: true });
  };
  const show = (next: View) => {
    setNotice(null);
    setView(next);
  };

  const heading = {
    password:
      mode === 'signUp'
        ? {
            title: 'Create your account',
            description: appName ? `Sign up to use ${appName}.` : 'Start building AI tools in minutes.',
          }
        : {
            title: appName ? `Sign in to ${appName}` : 'Welcome back',
            description: appName ? 'Sign in to continue.' : 'Sign in to keep building your AI apps.',
          },
    magicLink: { title: 'Sign in with email', description: 'No password needed.' },
    resetPassword: { title: 'Reset your password', description: 'It only takes a minute.' },
  }[view];

  return (
    <AuthLayout title={heading.title} description={heading.description} branding={config.data?.branding}>
      {status === 'loading' ? (
        <PageLoader label="Checking your session…" className="min-h-48" />
      ) : view === 'magicLink' ? (
        <React.Suspense fallback={<PageLoader label="Loading…" className="min-h-48" />}>
          <MagicLinkPanel
            appId={appId}
            continueUrl={continueUrl}
            email={email}
            onEmailChange={setEmail}
            onTokens={completeSignIn}
            onBack={() => show('password')}
          />
        </React.Suspense>
      ) : view === 'resetPassword' ? (
        <React.Suspense fallback={<PageLoader label="Loading…" className="min-h-48" />}>
          <ForgotPasswordPanel
            appId={appId}
            continueUrl={location.pathname + location.search}
            email={email}
            onEmailChange={setEmail}
            onBack={() => show('password')}
          />
        </React.Suspense>
      ) : (
        <div className="grid gap-5">
          {config.isError && (
            <Alert variant="destructive">
              <AlertCircle />
              <AlertDescription>
                <p>{errorMessage(config.error)}</p>
                <button
                  type="button"
                  className="font-medium underline underline-offset-4"
                  onClick={() => void config.refetch()}
                >
                  Try again
                </button>
              </AlertDescription>
            </Alert>
          )}
          {notice && (
            <Alert variant="destructive">
              <AlertCircle />
              <AlertDescription>{notice}</AlertDescription>
            </Alert>
          )}
          <div className="grid gap-2">
            {googleEnabled && (
              <Button
                type="button"
                variant="outline"
                size="lg"
                className="w-full"
                disabled={google.pending || exchanging}
                onClick={() => {
                  setNotice(null);
                  google.start();
                }}
              >
                {google.pending || exchanging ? <Loader2 className="animate-spin" /> : <GoogleMark />}
                {exchanging ? 'Signing in…' : google.pending ? 'Waiting for Google…' : 'Continue with Google'}
              </Button>
            )}
            <Button
              type="button"
              variant="outline"
              size="lg"
              className="w-full"
              onClick={() => show('magicLink')}
            >
              <Mail />
              Email me a sign-in link
            </Button>
          </div>
          <OrDivider />
          <AuthForm
            mode={mode}
            onModeChange={setMode}
            signUpEnabled={signUpEnabled}
            appName={appName}
            tenantId={config.data?.tenantId ?? appId ?? undefined}
            continueUrl={continueUrl}
            onTokens={completeSignIn}
            onForgotPassword={() => show('resetPassword')}
            email={email}
            onEmailChange={setEmail}
          />
          {config.data?.appId && <AppLegal config={config.data} signingUp={mode === 'signUp'} />}
        </div>
      )}
    </AuthLayout>
  );
}

/** Google's "G", for the button that opens Google's sign-in. */
function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-4">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.46 1.18 4.94l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}
