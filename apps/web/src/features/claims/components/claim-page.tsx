import * as React from 'react';
import { AlertCircle, ArrowRight, Loader2, PackageOpen, ShieldCheck, UserPlus } from 'lucide-react';
import { AppError, type ClaimInvitationInfo } from '@buildai/domain';
import { BrandLogo } from '@/components/brand-logo';
import { PageLoader } from '@/components/page-state';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { useClaimApp, useInvitation } from '../api/claim';

export interface ClaimPageProps {
  invitationId: string;
  /** the signed-in builder's email; null when signed out, undefined while the session loads */
  builderEmail: string | null | undefined;
  /** where "Sign in" and "Create an account" go (they come back here) */
  signInHref: string;
  signUpHref: string;
  onClaimed: (appId: string) => void;
}

/**
 * /claim/{invitationId} (spec 001 §6): a customer opens the invite link, signs in or signs up as a builder, enters
 * the code and the app becomes theirs.
 */
export function ClaimPage(props: ClaimPageProps) {
  const invitation = useInvitation(props.invitationId);
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-12">
      <a href="/" aria-label="BuildAI home">
        <BrandLogo className="text-lg" />
      </a>
      <div className="w-full max-w-md rounded-2xl border bg-card p-8 shadow-sm">
        {invitation.isPending || props.builderEmail === undefined ? (
          <PageLoader label="Opening your invitation…" className="min-h-48" />
        ) : invitation.isError ? (
          <Closed title="This invitation cannot be opened" message={errorMessage(invitation.error)} />
        ) : (
          <Invitation info={invitation.data} {...props} />
        )}
      </div>
    </main>
  );
}

function Invitation({ info, ...props }: ClaimPageProps & { info: ClaimInvitationInfo }) {
  const name = info.appHeader || 'your app';
  return (
    <div className="grid gap-6">
      <div className="grid justify-items-center gap-3 text-center">
        <AppMark info={info} />
        <h1 className="text-xl font-semibold tracking-tight">Claim {name}</h1>
        <p className="text-sm text-muted-foreground">
          You&apos;re invited to claim this app: its tools, data, users and analytics become yours.
        </p>
      </div>
      {info.status === 'used' ? (
        <Closed title="Already claimed" message={new AppError('claim/invitation-used').message} />
      ) : info.status === 'dead' ? (
        <Closed title="Invitation ended" message={new AppError('claim/invitation-dead').message} />
      ) : props.builderEmail === null ? (
        <SignInFirst {...props} />
      ) : (
        <ClaimForm {...props} info={info} email={props.builderEmail!} />
      )}
    </div>
  );
}

function AppMark({ info }: { info: ClaimInvitationInfo }) {
  if (info.logoUrl)
    return <img src={info.logoUrl} alt="" className="size-14 rounded-2xl border object-contain p-1" />;
  return (
    <div className="flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-md">
      <PackageOpen className="size-7" />
    </div>
  );
}

function SignInFirst({ signInHref, signUpHref }: ClaimPageProps) {
  return (
    <div className="grid gap-3">
      <p className="text-center text-sm">Sign in or create a builder account to claim it.</p>
      <Button asChild size="lg">
        <a href={signUpHref}>
          <UserPlus />
          Create an account
        </a>
      </Button>
      <Button asChild size="lg" variant="outline">
        <a href={signInHref}>Sign in</a>
      </Button>
    </div>
  );
}

function ClaimForm(props: ClaimPageProps & { info: ClaimInvitationInfo; email: string }) {
  const claim = useClaimApp(props.invitationId);
  const [code, setCode] = React.useState('');
  const problem = claim.error ? problemOf(claim.error) : null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (code.trim() === '') return;
    claim.mutate(code.trim(), { onSuccess: ({ appId }) => props.onClaimed(appId) });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <p className="text-center text-xs text-muted-foreground">
        Signed in as <span className="font-medium text-foreground">{props.email}</span>
      </p>
      <div className="grid gap-2">
        <Label htmlFor="claim-code">Claim code</Label>
        <Input
          id="claim-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX"
          className="text-center font-mono text-lg tracking-[0.2em] uppercase"
          value={code}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'claim-code-error' : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
        <p className="text-xs text-muted-foreground">The code came with your invite link.</p>
      </div>
      {problem && (
        <Alert variant="destructive" id="claim-code-error">
          <AlertCircle />
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      )}
      <Button type="submit" size="lg" disabled={claim.isPending || claim.isSuccess || code.trim() === ''}>
        {claim.isPending || claim.isSuccess ? <Loader2 className="animate-spin" /> : <ArrowRight />}
        {claim.isPending || claim.isSuccess ? 'Claiming…' : 'Claim app'}
      </Button>
      {props.info.requireBuilderCollaboratorAccount && (
        <p className="flex items-start gap-2 text-xs text-muted-foreground">
          <ShieldCheck className="mt-0.5 size-3.5 shrink-0" />
          The builder who made it stays on as a collaborator, to keep helping you.
        </p>
      )}
    </form>
  );
}

/** The server's message, with the attempts left after a wrong code. */
function problemOf(err: unknown): string {
  const message = errorMessage(err);
  const left =
    err instanceof AppError ? (err.details as { attemptsLeft?: unknown } | undefined)?.attemptsLeft : null;
  if (typeof left !== 'number') return message;
  if (left === 0) return `${message}. No attempts left for an hour.`;
  return `${message}. ${left === 1 ? '1 attempt left.' : `${left} attempts left.`}`;
}

function Closed({ title, message }: { title: string; message: string }) {
  return (
    <Alert variant="destructive">
      <AlertCircle />
      <AlertDescription>
        <p className="font-medium">{title}</p>
        <p>{message}</p>
      </AlertDescription>
    </Alert>
  );
}
