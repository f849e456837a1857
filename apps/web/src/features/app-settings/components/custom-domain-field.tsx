import { publicOrigin } from '@/lib/public-origin';
import * as React from 'react';
import { Globe, Lock, Sparkles } from 'lucide-react';
import { AppError, appSettingsSchema, builderMessages, normaliseCustomDomain } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { FormRow } from '@/components/builder/form-row';
import type { SettingsSectionProps } from './settings-section';

const domainSchema = appSettingsSchema.shape.customDomain;

/** Where end users open the app: its own domain once set, else its page on this server. */
export function publicAddress(appId: string, customDomain: string, origin = publicOrigin()): string {
  return customDomain ? `https://${customDomain}` : `${origin}/app/${encodeURIComponent(appId)}`;
}

/**
 * The app's own domain (README "Custom domains"). A half-typed name is not a domain, so the field saves when it is
 * left or Enter is pressed, and only a valid name; a name taken by another app is refused by the server (its
 * message comes as a toast and the field goes back to the saved name). A paid setting: locked on the lite plan.
 */
export function CustomDomainField({
  app,
  settings,
  onChange,
  locked,
  onUpgrade,
}: Pick<SettingsSectionProps, 'app' | 'settings' | 'onChange' | 'locked' | 'onUpgrade'>) {
  const [draft, setDraft] = React.useState(settings.customDomain);
  const [error, setError] = React.useState<string | null>(null);
  React.useEffect(() => setDraft(settings.customDomain), [settings.customDomain]);

  const commit = () => {
    // the product's own address is refused by the server: say why here, whatever it looks like (localhost too)
    const own = [window.location.hostname, new URL(publicOrigin()).hostname].map((h) => h.toLowerCase());
    if (draft.trim() !== '' && own.includes(normaliseCustomDomain(draft))) {
      setError(new AppError('settings/domain-reserved').message);
      return;
    }
    const parsed = domainSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a domain name such as app.example.com');
      return;
    }
    const domain = parsed.data;
    // signup stays possible only while the app is published or has its domain (spec 001 §4)
    if (domain === '' && settings.isSignupEnabled && !app.isPublished) {
      setError(builderMessages.signupNeedsPublish);
      return;
    }
    setError(null);
    setDraft(domain);
    if (domain !== settings.customDomain) onChange({ customDomain: domain });
  };

  const address = publicAddress(app.appId, settings.customDomain);
  const host = typeof window === 'undefined' ? 'this server' : window.location.hostname;
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/30 p-3">
      <FormRow
        id="settings-custom-domain"
        label={
          <span className="flex items-center gap-1.5">
            <Globe className="size-3.5 text-muted-foreground" />
            Custom domain
          </span>
        }
        hint={
          error ? (
            <span className="text-destructive" role="alert">
              {error}
            </span>
          ) : (
            <>
              Add a CNAME record for this name pointing to <span className="font-mono">{host}</span>, and
              serve it over HTTPS from the reverse proxy in front of this server.
            </>
          )
        }
      >
        <Input
          id="settings-custom-domain"
          placeholder="app.example.com"
          value={draft}
          disabled={locked}
          spellCheck={false}
          autoCapitalize="off"
          aria-invalid={error ? true : undefined}
          className={cn('font-mono', error && 'border-destructive')}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
        />
      </FormRow>
      {locked && (
        <div className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <Lock className="size-3.5" />
            Custom domains are part of paid plans.
          </span>
          <Button type="button" size="sm" variant="outline" onClick={onUpgrade}>
            <Sparkles />
            Upgrade
          </Button>
        </div>
      )}
      <div className="grid gap-0.5 text-xs">
        <span className="text-muted-foreground">
          {app.isPublished || settings.customDomain ? 'Public address' : 'Public address once published'}
        </span>
        <a
          href={address}
          target="_blank"
          rel="noreferrer"
          className="truncate font-mono text-primary underline-offset-4 hover:underline"
          data-testid="public-address"
        >
          {address}
        </a>
      </div>
    </div>
  );
}
