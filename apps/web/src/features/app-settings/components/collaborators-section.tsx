import { Loader2, UserPlus, X } from 'lucide-react';
import type { AppView } from '@buildai/domain';
import { useMutationForm } from '@/components/forms/use-mutation-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useChangeCollaborators, useCollaborators } from '../api/claims';
import { PanelSection } from '@/components/builder/form-row';

/**
 * Collaborators (owners only): builders who edit the app with its owner. Only the owner deletes the app, hands it
 * on and changes this list, so a collaborator does not see it.
 */
export function CollaboratorsSection({ app }: { app: AppView }) {
  if (app.isCollaborator) return null;
  return (
    <PanelSection title="Collaborators" description="Builders who can open and edit this app with you.">
      <CollaboratorList appId={app.appId} />
    </PanelSection>
  );
}

function CollaboratorList({ appId }: { appId: string }) {
  const list = useCollaborators(appId);
  const { add, remove } = useChangeCollaborators(appId);
  // the web's form hook (docs/decisions/0005 "Web forms"): the invitation is the `add` mutation, kept for its answer
  const invite = useMutationForm<{ email: string }>({
    defaultValues: { email: '' },
    byCode: {},
    send: ({ email }) => add.mutateAsync(email.trim()),
  });
  const email = invite.form.watch('email');
  const addError = invite.errorOf('email') ?? invite.formError;

  return (
    <div className="grid gap-3">
      {list.isPending ? (
        <div className="grid gap-2" aria-busy>
          <Skeleton className="h-8 w-full" />
        </div>
      ) : list.isError ? (
        <p className="text-xs text-destructive">
          {errorMessage(list.error)}{' '}
          <button type="button" className="underline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <ul className="grid divide-y rounded-md border text-sm" aria-label="Collaborators">
          <li className="flex items-center justify-between gap-2 px-3 py-2">
            <span className="truncate">{list.data.owner.email}</span>
            <Badge variant="muted">Owner</Badge>
          </li>
          {list.data.collaborators.map((c) => (
            <li key={c.accountId} className="flex items-center justify-between gap-2 px-3 py-2">
              <span className="truncate">{c.email}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={`Remove ${c.email}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(c.accountId)}
              >
                <X />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="flex gap-2" onSubmit={(e) => void invite.submit(e)}>
        <Input
          type="email"
          aria-label="Collaborator email"
          placeholder="builder@example.com"
          aria-invalid={addError ? true : undefined}
          {...invite.form.register('email', {
            validate: (value) => value.trim() !== '',
            // a refusal goes once the address is edited
            onChange: () => {
              if (add.isError) add.reset();
              invite.form.clearErrors();
            },
          })}
        />
        <Button type="submit" variant="outline" disabled={invite.pending || email.trim() === ''}>
          {invite.pending ? <Loader2 className="animate-spin" /> : <UserPlus />}
          Invite
        </Button>
      </form>
      {(addError || remove.isError) && (
        <p role="alert" className="text-xs text-destructive">
          {addError ?? errorMessage(remove.error)}
        </p>
      )}
      {add.isSuccess && add.data.invited && !remove.isError && (
        <p role="status" className="text-xs text-emerald-700 dark:text-emerald-400">
          Invitation sent to {add.data.invited}. They join once they accept it, signed in with that address.
        </p>
      )}
      {!add.isError && !remove.isError && !add.isSuccess && (
        <p className="text-xs text-muted-foreground">
          We email them an invitation to accept. Collaborators edit everything but cannot delete the app,
          invite a claimer or change this list.
        </p>
      )}
    </div>
  );
}
