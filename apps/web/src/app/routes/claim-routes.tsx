// The claim page of an invite link (spec 001 §6), loaded on demand (see router.tsx).
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAuth } from '@/features/auth/hooks/auth-context';
import { ClaimPage } from '@/features/claims/components/claim-page';
import { CollaboratePage } from '@/features/claims/components/collaborate-page';
import { LOGIN_PATH, verifyEmailPathFor } from '@/lib/redirect';
// the whole app's stylesheet, after the first one (see public.css)
import '@/index.css';

/**
 * /claim/{invitationId}: anyone sees what is offered; signing in or up (as a builder) comes back here through
 * `redirectTo`, a new builder by way of verifying their email; the claimed app opens in the builder.
 */
export function ClaimRoute() {
  const { invitationId = '' } = useParams();
  const { status, account } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  if (status === 'signedIn' && account && !account.emailVerified)
    return <Navigate to={verifyEmailPathFor(location)} replace />;
  const back = encodeURIComponent(location.pathname);
  return (
    <ClaimPage
      invitationId={invitationId}
      builderEmail={
        status === 'loading' ? undefined : status === 'signedIn' && account ? account.email : null
      }
      signInHref={`${LOGIN_PATH}?redirectTo=${back}`}
      signUpHref={`${LOGIN_PATH}?mode=signup&redirectTo=${back}`}
      onClaimed={(appId) => void navigate(`/build/app/${encodeURIComponent(appId)}`)}
    />
  );
}

/** /collaborate?invite=…: the invited builder signs in (coming back here) and accepts; the app opens in the builder. */
export function CollaborateRoute() {
  const [params] = useSearchParams();
  const { status, account } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const back = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <CollaboratePage
      invite={params.get('invite') ?? ''}
      builderEmail={
        status === 'loading' ? undefined : status === 'signedIn' && account ? account.email : null
      }
      signInHref={`${LOGIN_PATH}?redirectTo=${back}`}
      signUpHref={`${LOGIN_PATH}?mode=signup&redirectTo=${back}`}
      onAccepted={(appId) => void navigate(`/build/app/${encodeURIComponent(appId)}`)}
    />
  );
}
