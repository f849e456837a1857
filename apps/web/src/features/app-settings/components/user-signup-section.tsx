import * as React from 'react';
import { Info } from 'lucide-react';
import { builderMessages, emailSchema, errorCatalogue, type AppSettings } from '@buildai/domain';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { CustomDomainField } from './custom-domain-field';
import { FormRow, PanelSection, SwitchRow } from '@/components/builder/form-row';
import type { SettingsSectionProps } from './settings-section';

type LinkKey = 'termsOfServiceLink' | 'privacyPolicyLink' | 'supportEmail';

const LINKS: { key: LinkKey; label: string; placeholder: string; type: string }[] = [
  {
    key: 'termsOfServiceLink',
    label: 'Terms of service link',
    placeholder: 'https://example.com/terms',
    type: 'url',
  },
  {
    key: 'privacyPolicyLink',
    label: 'Privacy policy link',
    placeholder: 'https://example.com/privacy',
    type: 'url',
  },
  { key: 'supportEmail', label: 'Support email', placeholder: 'support@example.com', type: 'email' },
];

const linksOf = (s: AppSettings): Record<LinkKey, string> => ({
  termsOfServiceLink: s.termsOfServiceLink,
  privacyPolicyLink: s.privacyPolicyLink,
  supportEmail: s.supportEmail,
});

/**
 * User signup (spec 001 §3–§5): visitors may create an account on the app's own sign-in page. It can be turned on
 * once the app is published or has a custom domain, and needs a terms link, a privacy link and a support email.
 * The server refuses signup without them, so a switch turned on with empty fields waits, the empty ones in red,
 * and is saved with the last of them; a field emptied while signup is on is not saved either.
 */
export function UserSignupSection({ app, settings, onChange, locked, onUpgrade }: SettingsSectionProps) {
  const [drafts, setDrafts] = React.useState(() => linksOf(settings));
  const [pendingOn, setPendingOn] = React.useState(false);
  // a save that failed puts the stored values back: the fields follow
  const saved = linksOf(settings);
  const savedKey = JSON.stringify(saved);
  React.useEffect(() => setDrafts(JSON.parse(savedKey) as Record<LinkKey, string>), [savedKey]);

  const canEnable = app.isPublished || settings.customDomain !== '';
  const on = settings.isSignupEnabled || pendingOn;
  const missing = LINKS.filter(({ key }) => drafts[key].trim() === '').map(({ key }) => key);

  const toggle = (checked: boolean) => {
    if (!checked) {
      setPendingOn(false);
      onChange({ isSignupEnabled: false, ...trimmed(drafts) });
    } else if (missing.length === 0 && !badEmail(drafts.supportEmail)) {
      onChange({ isSignupEnabled: true, ...trimmed(drafts) });
    } else {
      setPendingOn(true);
    }
  };

  const edit = (key: LinkKey, value: string) => {
    const next = { ...drafts, [key]: value };
    setDrafts(next);
    // a half-typed address is kept here until it is one (the server refuses it, and a refused save undoes edits)
    if (key === 'supportEmail' && badEmail(value)) return;
    const complete = LINKS.every(({ key: k }) => next[k].trim() !== '');
    if (pendingOn && complete) {
      setPendingOn(false);
      onChange({ isSignupEnabled: true, ...trimmed(next) });
    } else if (!settings.isSignupEnabled || value.trim() !== '') {
      onChange({ [key]: value.trim() });
    }
  };

  return (
    <PanelSection
      title="User signup"
      description="Let visitors create an account on your app's own sign-in page."
    >
      <SwitchRow
        id="settings-signup"
        label="Enable user signup"
        description={
          canEnable || settings.isSignupEnabled ? (
            'Visitors sign up with email and password, Google, or an emailed link or code.'
          ) : (
            <span className="flex items-start gap-1.5" data-testid="signup-disabled-reason">
              <Info className="mt-px size-3.5 shrink-0" />
              {builderMessages.signupNeedsPublish}
            </span>
          )
        }
        checked={on}
        disabled={!canEnable && !on}
        onCheckedChange={toggle}
      />
      {on && missing.length > 0 && (
        <p role="alert" className="text-xs font-medium text-destructive">
          {builderMessages.signupNeedsLinks}
        </p>
      )}
      {LINKS.map(({ key, label, placeholder, type }) => {
        const invalid = (on && missing.includes(key)) || (key === 'supportEmail' && badEmail(drafts[key]));
        return (
          <FormRow
            key={key}
            id={`settings-${key}`}
            label={label}
            hint={
              key !== 'supportEmail' ? undefined : badEmail(drafts.supportEmail) ? (
                <span className="text-destructive">
                  {errorCatalogue['settings/support-email-invalid'].message}
                </span>
              ) : (
                'Shown on your sign-in page for users who need help.'
              )
            }
          >
            <Input
              id={`settings-${key}`}
              type={type}
              inputMode={type === 'email' ? 'email' : 'url'}
              placeholder={placeholder}
              value={drafts[key]}
              aria-invalid={invalid || undefined}
              aria-required={on || undefined}
              className={cn(invalid && 'border-destructive bg-destructive/5')}
              onChange={(e) => edit(key, e.target.value)}
            />
          </FormRow>
        );
      })}
      <CustomDomainField
        app={app}
        settings={settings}
        onChange={onChange}
        locked={locked}
        onUpgrade={onUpgrade}
      />
    </PanelSection>
  );
}

function trimmed(links: Record<LinkKey, string>): Record<LinkKey, string> {
  return {
    termsOfServiceLink: links.termsOfServiceLink.trim(),
    privacyPolicyLink: links.privacyPolicyLink.trim(),
    supportEmail: links.supportEmail.trim(),
  };
}

const badEmail = (value: string) => value.trim() !== '' && !emailSchema.safeParse(value).success;
