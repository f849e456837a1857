import { AlertCircle, Loader2, UserPlus, Users } from 'lucide-react';
import { BrandLogo } from '@/components/brand-logo';
import { PageLoader } from '@/components/page-state';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useAcceptCollaboration } from '../api/collaborate';

export interface CollaboratePageProps {
  /** the invitation's token from the mailed link; empty when the link was cut */
  invite: string;
  /** the signed-in builder's email; null when signed out, undefined while the session loads */
  builderEmail: string | null | undefined;
  signInHref: string;
  signUpHref: string;
  onAccepted: (appId: string) => void;
}

/**
 * /collaborate?invite=… (docs/decisions/0016): an owner invited this address to edit an app with them; nothing
 * changes until the invitee, signed in with that address, accepts here.
 */
export function CollaboratePage(props: CollaboratePageProps) {
  const accept = useAcceptCollaboration();
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-12">
      <a href="/" aria-label="BuildAI home">
        <BrandLogo className="text-lg" />
      </a>
      <div className="grid w-full max-w-md gap-6 rounded-2xl border bg-card p-8 shadow-sm">
        <div className="grid justify-items-center gap-3 text-center">
          <div className="flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-md">
            <Users className="size-7" />
          </div>
          <h1 className="text-xl font-semibold tracking-tight">Edit an app together</h1>
          <p className="text-sm text-muted-foreground">
            You were invited to edit an app with its owner. You can change everything but delete it or hand it
            on.
          </p>
        </div>
        {props.builderEmail === undefined ? (
          <PageLoader label="Opening your invitation…" className="min-h-24" />
        ) : props.invite === '' ? (
          <Problem message="This invitation link is incomplete: open it again from the email." />
        ) : props.builderEmail === null ? (
          <div className="grid gap-3">
            <p className="text-center text-sm">
              Sign in, or create a builder account with the invited address.
            </p>
            <Button asChild size="lg">
              <a href={props.signUpHref}>
                <UserPlus />
                Create an account
              </a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={props.signInHref}>Sign in</a>
            </Button>
          </div>
        ) : (
          <div className="grid gap-4">
            <p className="text-center text-xs text-muted-foreground">
              Signed in as <span className="font-medium text-foreground">{props.builderEmail}</span>
            </p>
            {accept.isError && <Problem message={errorMessage(accept.error)} />}
            <Button
              size="lg"
              disabled={accept.isPending}
              onClick={() =>
                accept.mutate(props.invite, { onSuccess: ({ appId }) => props.onAccepted(appId) })
              }
            >
              {accept.isPending && <Loader2 className="animate-spin" />}
              Accept the invitation
            </Button>
          </div>
        )}
      </div>
    </main>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <Alert variant="destructive">
      <AlertCircle />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
