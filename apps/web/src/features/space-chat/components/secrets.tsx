import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Loader2 } from 'lucide-react';
import {
  SECRETS_FOLLOW_UP_MS,
  secretsButtonLabel,
  secretsTexts,
  type SecretRequirement,
} from '@buildai/domain';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast, toastError } from '@/components/ui/use-toast';
import { isAppError } from '@/lib/api-client';
import { saveSecrets, secretsKey, secretsQuery } from '../api/secrets';

/**
 * What the chat's secrets need from the panel around them (issue 31, decision 0014): the app, and how to send the
 * follow-up message once the builder has set the secrets. Without it (no app yet) the dialog says the spec's
 * 'Secrets provider not initialized or app ID not available'.
 */
export interface SecretsProvider {
  appId: string;
  /** sends a message of the builder to the chat ('I've added {names} secrets') */
  sendFollowUp: (text: string) => void;
  readOnly: boolean;
}

export const SecretsContext = React.createContext<SecretsProvider | null>(null);

interface DialogProps {
  requirements: SecretRequirement[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The secrets dialog (spec 001 §2, §5, §8): 'Set secrets', or 'Update secrets' once every listed secret is set; a
 * password field per secret with its description; every value is needed. The values go straight to the server and
 * are never shown again (the fields of set secrets stay empty, their placeholder says so).
 */
export function SecretsDialog({ requirements, open, onOpenChange }: DialogProps) {
  const provider = React.useContext(SecretsContext);
  const client = useQueryClient();
  const stored = useQuery({ ...secretsQuery(provider?.appId ?? ''), enabled: open && !!provider?.appId });
  const [values, setValues] = React.useState<Record<string, string>>({});
  const [pending, setPending] = React.useState(false);
  const isSet = (key: string) => stored.data?.secrets.some((s) => s.key === key && s.isSet) ?? false;
  const allSet = requirements.every((r) => isSet(r.secretName));
  const title = allSet ? secretsTexts.updateTitle : secretsTexts.setTitle;

  React.useEffect(() => {
    if (!open) setValues({});
  }, [open]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!provider?.appId) {
      toastError(secretsTexts.notInitialized);
      return;
    }
    if (requirements.some((r) => !(values[r.secretName] ?? '').trim())) {
      toastError(secretsTexts.valuesRequiredTitle, secretsTexts.valuesRequired);
      return;
    }
    setPending(true);
    try {
      const answer = await saveSecrets(
        provider.appId,
        requirements.map((r) => ({ key: r.secretName, value: values[r.secretName]! })),
      );
      client.setQueryData(secretsKey(provider.appId), answer);
      toast({ title: secretsTexts.savedTitle, description: secretsTexts.saved });
      onOpenChange(false);
      const names = requirements.map((r) => r.secretName);
      setTimeout(() => provider.sendFollowUp(secretsTexts.followUp(names)), SECRETS_FOLLOW_UP_MS);
    } catch (error) {
      toastError(
        secretsTexts.failedTitle,
        isAppError(error) && error.message ? error.message : secretsTexts.failed,
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-[600px]" onEscapeKeyDown={(e) => pending && e.preventDefault()}>
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>
              The app&apos;s server functions read these values. They are stored encrypted and are never shown
              again, to you, the assistant or the app&apos;s visitors.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-4">
            {requirements.map((r) => {
              const id = `secret-${r.secretName}`;
              return (
                <div key={r.secretName} className="grid gap-1.5">
                  <Label htmlFor={id} className="font-mono text-xs">
                    {r.secretName}
                  </Label>
                  {r.description && <p className="text-xs text-muted-foreground">{r.description}</p>}
                  <Input
                    id={id}
                    type="password"
                    autoComplete="off"
                    spellCheck={false}
                    placeholder={isSet(r.secretName) ? 'Set: type a new value to replace it' : 'Value'}
                    value={values[r.secretName] ?? ''}
                    onChange={(e) => setValues((all) => ({ ...all, [r.secretName]: e.target.value }))}
                    disabled={pending}
                  />
                </div>
              );
            })}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && <Loader2 className="animate-spin" />}
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The secrets button of a `request_secrets` action (spec 001 §4): 'Set' when none is set, the partial count when
 * some are, 'Update' when all are. Requirements that did not parse give no button (spec 001 §8).
 */
export function SecretsButton({ requirements }: { requirements: SecretRequirement[] }) {
  const provider = React.useContext(SecretsContext);
  const [open, setOpen] = React.useState(false);
  const stored = useQuery({ ...secretsQuery(provider?.appId ?? ''), enabled: !!provider?.appId });
  if (requirements.length === 0 || !provider) return null;
  const set = requirements.filter((r) =>
    stored.data?.secrets.some((s) => s.key === r.secretName && s.isSet),
  ).length;
  const label = secretsButtonLabel(requirements.length, set);
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant={set === requirements.length ? 'outline' : 'default'}
        className="mt-2"
        disabled={provider.readOnly || stored.isPending}
        onClick={() => setOpen(true)}
        aria-label={`${label} secrets`}
      >
        <KeyRound aria-hidden />
        {label}
      </Button>
      <SecretsDialog requirements={requirements} open={open} onOpenChange={setOpen} />
    </>
  );
}
