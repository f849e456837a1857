import { useSearchParams } from 'react-router';
import { Link2Off } from 'lucide-react';
import type { AuthLinkMode } from '@buildai/domain';
import { PageLoader } from '@/components/page-state';
import { useAppBranding } from '../api/auth-config';
import { AuthBrandingContext, AuthLayout } from './auth-layout';
import { EmailChangeLink } from './auth-links/email-change-link';
import { BackToLogin, type LinkParams } from './auth-links/link-page-parts';
import { MagicLinkLanding } from './auth-links/magic-link-landing';
import { ResetPasswordLink } from './auth-links/reset-password-link';
import { VerifyEmailLink } from './auth-links/verify-email-link';

export { HANDLER_REDIRECT_DELAY_MS } from './auth-links/link-page-parts';

/**
 * /auth/handler: where every emailed link lands (docs/decisions/0002 "Emailed links").
 * `mode` = verifyEmail | resetPassword | signIn | verifyAndChangeEmail | recoverEmail; anything else is an invalid
 * link. Each flow is its own file. A link of an app's user (`appId`) wears the app's look, as its sign-in page
 * does; the page waits for the app's config so the builder's look never flashes first.
 */
export function AuthHandlerPage() {
  const [params] = useSearchParams();
  const appId = params.get('appId') || null;
  const app = useAppBranding(appId);
  if (app.waiting) return <PageLoader label="Loading…" className="min-h-svh" />;
  return (
    <AuthBrandingContext.Provider value={app.branding}>
      <LinkFlow params={params} appId={appId} />
    </AuthBrandingContext.Provider>
  );
}

function LinkFlow({ params, appId }: { params: URLSearchParams; appId: string | null }) {
  const mode = params.get('mode') as AuthLinkMode | null;
  const link: LinkParams = {
    code: params.get(mode === 'signIn' ? 'token' : 'oobCode') || null,
    continueUrl: params.get('continueUrl'),
    appId,
  };
  const key = `${mode}:${link.code}`;
  switch (mode) {
    case 'verifyEmail':
      return <VerifyEmailLink key={key} {...link} />;
    case 'resetPassword':
      return <ResetPasswordLink key={key} {...link} />;
    case 'signIn':
      return <MagicLinkLanding key={key} {...link} />;
    case 'verifyAndChangeEmail':
    case 'recoverEmail':
      return <EmailChangeLink key={key} code={link.code} undo={mode === 'recoverEmail'} appId={link.appId} />;
    default:
      return (
        <AuthLayout
          icon={<Link2Off />}
          title="This link isn't valid"
          description="It may be incomplete. Copy the whole link from the email, or start again from the sign-in page."
        >
          <BackToLogin />
        </AuthLayout>
      );
  }
}
