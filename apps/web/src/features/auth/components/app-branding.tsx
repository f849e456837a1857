import type * as React from 'react';
import { LifeBuoy } from 'lucide-react';
import type { AuthBranding, AuthConfig } from '@buildai/domain';
import { appTheme, cssUrl, themeStyle } from '@/lib/app-theme';
import { cn } from '@/lib/utils';

/** The app's colours on its sign-in page, as its public pages wear them (spec 000 §3 App style). */
export function brandedPage(branding: AuthBranding): { className: string; style: React.CSSProperties } {
  const theme = appTheme(branding);
  return { className: theme.className, style: themeStyle(theme) };
}

/** The app's logo, or its initial on a tile of its button colour. */
export function AppMark({ branding, className }: { branding: AuthBranding; className?: string }) {
  const name = branding.header || 'App';
  if (cssUrl(branding.logoUrl))
    return (
      <img
        src={branding.logoUrl}
        alt={`${name} logo`}
        className={cn('size-10 shrink-0 rounded-lg object-contain', className)}
      />
    );
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-lg font-semibold text-primary-foreground',
        className,
      )}
    >
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

/** The side panel of an app's sign-in page: its background, logo and name in its header colour. */
export function AppAside({ branding }: { branding: AuthBranding }) {
  return (
    <aside
      className="relative hidden overflow-hidden bg-[var(--app-bg)] bg-cover bg-center p-10 lg:flex lg:flex-col"
      style={{ backgroundImage: 'var(--app-bg-image)' }}
    >
      <div className="relative flex items-center gap-3">
        <AppMark branding={branding} />
        <span className="text-lg font-semibold tracking-tight text-[var(--app-header-color,var(--foreground))]">
          {branding.header}
        </span>
      </div>
      <p className="relative mt-auto max-w-md text-3xl leading-tight font-semibold tracking-tight text-balance text-[var(--app-header-color,var(--foreground))]">
        Welcome to {branding.header || 'the app'}.
      </p>
    </aside>
  );
}

/**
 * Under an app's sign-up form: the terms and privacy links the builder gave (spec 001 §3), and on every form of
 * the app the address its users write to for help.
 */
export function AppLegal({ config, signingUp }: { config: AuthConfig; signingUp: boolean }) {
  const terms = config.termsOfServiceLink;
  const privacy = config.privacyPolicyLink;
  const link = 'font-medium text-foreground underline underline-offset-4 hover:text-primary';
  return (
    <div
      className="grid gap-3 border-t pt-4 text-center text-xs text-muted-foreground"
      data-testid="app-legal"
    >
      {signingUp && (terms || privacy) && (
        <p>
          By signing up you agree to the{' '}
          {terms ? (
            <a href={terms} target="_blank" rel="noreferrer" className={link}>
              Terms of Service
            </a>
          ) : (
            'Terms of Service'
          )}{' '}
          and{' '}
          {privacy ? (
            <a href={privacy} target="_blank" rel="noreferrer" className={link}>
              Privacy Policy
            </a>
          ) : (
            'Privacy Policy'
          )}
        </p>
      )}
      {config.supportEmail && (
        <p className="flex items-center justify-center gap-1.5">
          <LifeBuoy className="size-3.5" />
          Need help?
          <a href={`mailto:${config.supportEmail}`} className={link}>
            {config.supportEmail}
          </a>
        </p>
      )}
    </div>
  );
}
