import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Link2, LoaderCircle } from 'lucide-react';
import type { ToolLinkApps } from '@buildai/domain';
import { StatusPage } from '@/features/coming-soon/components/status-page';
import { Button } from '@/components/ui/button';
import { api, errorMessage } from '@/lib/api-client';

const appToolPath = (appId: string, path: string) =>
  `/app/${encodeURIComponent(appId)}/tool/${encodeURIComponent(path)}`;

/**
 * `/tool/{path}` on the product's own host (spec 001 §2, issue 32 item 29). A tool's path belongs to its app, and
 * this address names no app: when one published app has an active tool there, the page goes on to it at once (its
 * address under `/app/{appId}`); when several do, the visitor picks one; when none does, it says so. On an app's
 * own domain `/tool/{path}` is that app's tool and never comes here.
 */
export function ToolLinkPage({ path }: { path: string }) {
  const links = useQuery({
    queryKey: ['tool-links', path],
    queryFn: ({ signal }) => api<ToolLinkApps>(`/api/tool-links/${encodeURIComponent(path)}`, { signal }),
    retry: false,
  });
  const only = links.data?.apps.length === 1 ? links.data.apps[0]! : null;
  React.useEffect(() => {
    if (only) window.location.replace(appToolPath(only.appId, path));
  }, [only, path]);

  if (links.isPending || only)
    return (
      <div role="status" aria-label="Opening the tool" className="flex min-h-svh items-center justify-center">
        <LoaderCircle className="size-6 animate-spin text-muted-foreground" />
      </div>
    );
  if (links.isError || links.data.apps.length === 0)
    return (
      <StatusPage
        icon={<Link2 />}
        eyebrow="404"
        title="No tool at this link"
        backTo="/"
        backLabel="Go home"
        standalone
      >
        <p>
          {links.isError
            ? errorMessage(links.error)
            : 'No published app has an active tool at this address. The tool may be a draft, or the link may have changed: ask whoever shared it for the link from the tool’s Activate dialog.'}
        </p>
      </StatusPage>
    );
  return (
    <StatusPage icon={<Link2 />} title="Which app did you mean?" backTo="/" backLabel="Go home" standalone>
      <p>Several apps have a tool at this address. Pick the one you were sent:</p>
      <ul className="mt-4 grid gap-2 text-left" aria-label="Apps with this tool">
        {links.data.apps.map((a) => (
          <li key={a.appId}>
            <Button asChild variant="outline" className="h-auto w-full justify-between gap-3 py-3">
              <a href={appToolPath(a.appId, path)}>
                <span className="min-w-0">
                  <span className="block truncate font-medium text-foreground">
                    {a.toolTitle || 'Untitled tool'}
                  </span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {a.appName || 'Untitled app'}
                    {a.customDomain ? ` · ${a.customDomain}` : ''}
                  </span>
                </span>
                <ArrowRight className="shrink-0" />
              </a>
            </Button>
          </li>
        ))}
      </ul>
    </StatusPage>
  );
}
