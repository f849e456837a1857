import * as React from 'react';
import { Check, Copy, Loader2 } from 'lucide-react';
import { claimInviteText, moneyMessages } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { toast, toastError } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { fetchClaimInvitation } from '../api/claims';
import { PanelSection, SwitchRow } from '@/components/builder/form-row';
import type { SettingsSectionProps } from './settings-section';

/**
 * App claim (spec 001 §2, §4, §6, §7; admins only): a customer claims the app through an invite link and code.
 * 'Copy invite link' works for a published app with claiming on; on an unpublished app it says why instead.
 */
export function AppClaimSection({ app, settings, onChange, account }: SettingsSectionProps) {
  const [copying, setCopying] = React.useState(false);
  const [copied, setCopied] = React.useState(false);
  if (!account.isAdmin || app.isCollaborator) return null;
  // the server answers for the saved settings: wait for the autosave of the switch before asking
  const saving = settings.isClaimable && app.appSettings.isClaimable !== true;
  const blocked = !app.isPublished;

  const copyInvite = async () => {
    if (blocked) return void toastError(moneyMessages.publishBeforeInvite);
    setCopying(true);
    try {
      const invitation = await fetchClaimInvitation(app.appId);
      await navigator.clipboard.writeText(claimInviteText(invitation));
      toast({ title: moneyMessages.inviteCopied });
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      toastError(moneyMessages.invitationFailed);
    } finally {
      setCopying(false);
    }
  };

  return (
    <PanelSection
      title="App claim"
      description="Build an app for a customer, then hand it over: they claim it with an invite link and code."
    >
      <SwitchRow
        id="settings-claimable"
        label="Claimable"
        description="A customer can claim this app through an invite link and code."
        checked={settings.isClaimable}
        onCheckedChange={(isClaimable) => onChange({ isClaimable })}
      />
      <SwitchRow
        id="settings-require-collaborator"
        label="Require builder collaborator account"
        description="You stay on the claimed app as a collaborator, to keep helping your customer."
        checked={settings.requireBuilderCollaboratorAccount}
        disabled={!settings.isClaimable}
        onCheckedChange={(requireBuilderCollaboratorAccount) =>
          onChange({ requireBuilderCollaboratorAccount })
        }
      />
      <div className="grid gap-2">
        <Button
          type="button"
          variant="outline"
          className={cn('justify-self-start', blocked && 'cursor-not-allowed opacity-50')}
          aria-disabled={blocked || undefined}
          disabled={!settings.isClaimable || saving || copying}
          onClick={() => void copyInvite()}
        >
          {copying || saving ? <Loader2 className="animate-spin" /> : copied ? <Check /> : <Copy />}
          Copy invite link
        </Button>
        <p className="text-xs text-muted-foreground">
          {blocked
            ? 'Publish your app to invite a customer.'
            : settings.isClaimable
              ? 'The same link and code work until the app is claimed; three wrong codes end them.'
              : 'Turn on Claimable to invite a customer.'}
        </p>
      </div>
    </PanelSection>
  );
}
