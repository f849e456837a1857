import * as React from 'react';
import { useNavigate } from 'react-router';
import { KeyRound, Link2Off } from 'lucide-react';
import { authMessages, errorCatalogue } from '@buildai/domain';
import { toast } from '@/components/ui/use-toast';
import { isAppError } from '@/lib/api-client';
import { postLoginPath, verifyEmailPathFor } from '@/lib/redirect';
import { verifyMagicLink } from '../../api/magic-link';
import { useCompleteSignIn } from '../../hooks/use-complete-sign-in';
import { AuthLayout } from '../auth-layout';
import { BackToLogin, useOnce, Working, type LinkParams } from './link-page-parts';

/** A refused or spent link says so (spec 000 §5); a server or network failure says that instead. */
function magicLinkFailure(err: unknown): string {
  if (isAppError(err) && err.status === 0) return err.message;
  if (!isAppError(err) || err.status >= 500) return errorCatalogue['auth/magic-link-failed'].message;
  return errorCatalogue['auth/invalid-magic-link'].message;
}

export function MagicLinkLanding({ code, continueUrl, appId }: LinkParams) {
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn({ appId });
  const [failure, setFailure] = React.useState<string | null>(
    code ? null : errorCatalogue['auth/invalid-magic-link'].message,
  );

  useOnce(() => {
    if (!code) return;
    void (async () => {
      try {
        const account = await completeSignIn(await verifyMagicLink(code));
        if (!account) return; // account creation failed: already on the unauthorized page
        toast({ title: authMessages.magicLinkSignedIn });
        const target = postLoginPath(continueUrl);
        navigate(account.emailVerified ? target : verifyEmailPathFor({ pathname: target, search: '' }), {
          replace: true,
        });
      } catch (err) {
        setFailure(magicLinkFailure(err));
      }
    })();
  });

  if (failure)
    return (
      <AuthLayout icon={<Link2Off />} title="This sign-in link didn't work" description={failure}>
        <BackToLogin appId={appId} />
      </AuthLayout>
    );
  return (
    <AuthLayout icon={<KeyRound />} title="Signing you in">
      <Working label="Signing you in…" />
    </AuthLayout>
  );
}
