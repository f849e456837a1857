import type * as React from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { BrandLogo } from '@/components/brand-logo';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface Props {
  icon: React.ReactNode;
  eyebrow?: string;
  title: string;
  children: React.ReactNode;
  backTo?: string;
  backLabel?: string;
  /** a full page with the logo (public pages) rather than content inside the app shell */
  standalone?: boolean;
  actions?: React.ReactNode;
}

/**
 * A standalone page links with plain anchors: it is also shown by the public app pages' document, which has no
 * router (docs/decisions/0005 "Page weight"), and its links lead to another page in any case.
 */
function PageLink({
  to,
  standalone,
  ...props
}: React.ComponentProps<'a'> & { to: string; standalone: boolean }) {
  return standalone ? <a href={to} {...props} /> : <Link to={to} {...props} />;
}

/** A calm full-width message page: coming soon, not found, refused. */
export function StatusPage({
  icon,
  eyebrow,
  title,
  children,
  backTo = '/home',
  backLabel = 'Back to home',
  standalone = false,
  actions,
}: Props) {
  const body = (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center px-6 py-16 text-center">
      <div className="flex size-14 items-center justify-center rounded-2xl bg-accent text-primary ring-1 ring-primary/10 [&_svg]:size-7">
        {icon}
      </div>
      {eyebrow && (
        <p className="mt-6 text-xs font-semibold tracking-wider text-primary uppercase">{eyebrow}</p>
      )}
      <h1 className={cn('text-2xl font-semibold tracking-tight text-balance', eyebrow ? 'mt-2' : 'mt-6')}>
        {title}
      </h1>
      <div className="mt-3 grid gap-3 text-sm leading-relaxed text-muted-foreground">{children}</div>
      <div className="mt-8 flex flex-wrap justify-center gap-2">
        {actions}
        <Button variant={actions ? 'outline' : 'default'} asChild>
          <PageLink to={backTo} standalone={standalone}>
            <ArrowLeft />
            {backLabel}
          </PageLink>
        </Button>
      </div>
    </div>
  );
  if (!standalone) return <div className="flex flex-1 items-center">{body}</div>;
  return (
    <div className="flex min-h-svh flex-col bg-muted/30">
      <header className="flex h-16 items-center px-6">
        <a href="/" className="rounded-md outline-none focus-visible:ring-2">
          <BrandLogo markClassName="size-7" />
        </a>
      </header>
      <main className="flex flex-1 items-center">{body}</main>
    </div>
  );
}
