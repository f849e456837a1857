import { Link, useParams } from 'react-router';
import { Link2, Package } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/components/coming-soon-page';

/** Screens of the spec that later releases complete; each says what it will do and links back. */

export function ItemPageSoon() {
  return (
    <ComingSoonPage title="Item pages" icon={<Package />} backTo="/" backLabel="Go home" standalone>
      <p>Public pages for the items of an app's data — each with its own shareable link.</p>
    </ComingSoonPage>
  );
}

export function ShortToolLinkSoon() {
  const { path = '' } = useParams();
  return (
    <ComingSoonPage title="Short tool links" icon={<Link2 />} backTo="/" backLabel="Go home" standalone>
      <p>
        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">/tool/{path}</code>{' '}
        will be the short public link of a tool on its app's own address.
      </p>
      <p>
        For now, share the full link from the tool's{' '}
        <span className="font-medium text-foreground">Activate</span> dialog — it looks like{' '}
        <span className="font-mono text-xs">/app/…/tool/{path}</span>. If you are the builder,{' '}
        <Link to="/home" className="font-medium text-primary hover:underline">
          open your apps
        </Link>
        .
      </p>
    </ComingSoonPage>
  );
}

export { NotFoundPage } from '@/features/coming-soon/components/not-found-page';
export { UnauthorizedPage } from '@/features/coming-soon/components/unauthorized-page';
export { RouteErrorPage } from '@/features/coming-soon/components/route-error-page';
