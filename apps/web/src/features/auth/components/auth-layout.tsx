import * as React from 'react';
import { CheckCircle2 } from 'lucide-react';
import type { AuthBranding } from '@buildai/domain';
import { BrandLogo } from '@/components/brand-logo';
import { cn } from '@/lib/utils';
import { AppAside, AppMark, brandedPage } from './app-branding';

const HIGHLIGHTS = [
  'Turn a prompt and a few form fields into an AI tool',
  'Answers stream in live for your users',
  'Share it with a public link — no code, self-hosted',
];

interface Props {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** an icon above the title (status screens) */
  icon?: React.ReactNode;
  children: React.ReactNode;
  /** an app's sign-in page wears the app's look instead of the builder's */
  branding?: AuthBranding | null;
}

/**
 * The look of the pages an emailed link of an app's user opens (`/auth/handler?appId=`): the app's, as on its
 * sign-in page. An `AuthLayout` without a `branding` of its own wears it.
 */
export const AuthBrandingContext = React.createContext<AuthBranding | null>(null);

/** The sign-in look: a gradient side panel on wide screens and a card with the form. */
export function AuthLayout({ title, description, icon, children, branding: own }: Props) {
  const inherited = React.useContext(AuthBrandingContext);
  const branding = own === undefined ? inherited : own;
  const page = branding ? brandedPage(branding) : null;
  return (
    <div
      className={cn(
        'grid min-h-svh text-foreground lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]',
        page?.className,
      )}
      style={page?.style}
      data-branded={branding ? 'app' : undefined}
    >
      {branding ? <AppAside branding={branding} /> : <BuilderAside />}
      <main className="flex flex-col items-center justify-center bg-muted/40 px-4 py-10 sm:px-8">
        {branding ? (
          <span className="mb-8 flex items-center gap-2.5 text-lg font-semibold tracking-tight lg:hidden">
            <AppMark branding={branding} className="size-8" />
            {branding.header}
          </span>
        ) : (
          <BrandLogo className="mb-8 text-lg lg:hidden" />
        )}
        <div className="w-full max-w-sm rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
          <div className="mb-6 grid gap-1.5">
            {icon && (
              <div className="mb-2 flex size-11 items-center justify-center rounded-xl bg-accent text-primary ring-1 ring-primary/10 [&_svg]:size-5">
                {icon}
              </div>
            )}
            <h1 className="text-2xl font-semibold tracking-tight text-balance">{title}</h1>
            {description && <div className="text-sm text-muted-foreground">{description}</div>}
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}

/** The builders' side panel: BuildAI's gradient and what it does. */
function BuilderAside() {
  return (
    <aside className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-600 via-indigo-700 to-violet-800 p-10 text-white lg:flex lg:flex-col">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-3xl"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute -bottom-32 -left-16 size-96 rounded-full bg-violet-400/20 blur-3xl"
      />
      <BrandLogo className="relative text-lg" markClassName="ring-1 ring-white/30 rounded-lg" />
      <div className="relative mt-auto max-w-md">
        <h2 className="text-3xl leading-tight font-semibold tracking-tight text-balance">
          Build AI apps and tools your customers will love.
        </h2>
        <ul className="mt-8 grid gap-3 text-indigo-50">
          {HIGHLIGHTS.map((line) => (
            <li key={line} className="flex items-start gap-3">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-indigo-200" />
              <span>{line}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="relative mt-12 text-sm text-indigo-200">Open and self-hostable.</p>
    </aside>
  );
}

/** A thin "or" rule between ways to sign in. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" role="separator">
      <span className="h-px flex-1 bg-border" />
      or
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
