import { AlertTriangle } from 'lucide-react';
import { cn } from '@/lib/utils';
import { PanelSection, SwitchRow } from '@/components/builder/form-row';
import { GumroadSetup } from './paid-memberships/gumroad-setup';
import type { SettingsSectionProps } from './settings-section';

export const PAID_MEMBERSHIPS_NEEDS_SIGNUP =
  'Turn on user signup first: members sign up to your app with the email they paid with.';

/**
 * Paid memberships (spec 001 §2, §4): only with user signup on; Gumroad sells the membership and the app lets in
 * the end users who hold a live sale. Greyed out for a lite builder, as the rest of the panel.
 */
export function PaidMembershipsSection({ app, settings, onChange, locked }: SettingsSectionProps) {
  const signup = settings.isSignupEnabled;
  const enabled = settings.isPaidMembershipsEnabled;
  return (
    <div
      role="region"
      aria-label="Paid memberships"
      // ruled below as the panel's sections are
      className={cn(
        'grid gap-5 border-b pb-5 last:border-b-0 last:pb-0',
        locked && 'pointer-events-none opacity-60 select-none',
      )}
      aria-disabled={locked || undefined}
    >
      <PanelSection title="Paid memberships" description="Sell access to your app through Gumroad.">
        <SwitchRow
          id="settings-paid-memberships"
          label="Enable paid memberships"
          description={
            signup || enabled ? 'Only paying members can use your app.' : PAID_MEMBERSHIPS_NEEDS_SIGNUP
          }
          checked={enabled}
          // an app that has them on can always turn them off
          disabled={locked || (!signup && !enabled)}
          onCheckedChange={(isPaidMembershipsEnabled) => onChange({ isPaidMembershipsEnabled })}
        />
        {enabled && !signup && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900"
          >
            <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
            {PAID_MEMBERSHIPS_NEEDS_SIGNUP}
          </p>
        )}
        {enabled && <GumroadSetup app={app} settings={settings} onChange={onChange} locked={locked} />}
      </PanelSection>
    </div>
  );
}
