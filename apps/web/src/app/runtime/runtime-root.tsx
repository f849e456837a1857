import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { CUSTOM_DOMAIN_APP_META } from '@buildai/domain';
import { RuntimePage } from '@/features/runtime/components/runtime-page';
import { matchRuntimePath, type RuntimeRoute } from '@/features/runtime/lib/paths';
import { appQuery } from '@/lib/app-query';
import { usePathname } from '@/lib/page-location';
import { AppAccount } from './app-account';
import { MembershipGate } from './membership/membership-gate';

/**
 * The space apps' public page: a small runtime shell around the app's sandboxed page. It loads only for a space
 * app, so a tool's page never downloads it.
 */
const SpaceAppPage = React.lazy(() => import('./space-app-page'));
// Pages without a tool: loaded on the rare visit that needs them.
const ItemPage = React.lazy(() =>
  import('@/features/runtime/components/item-page').then((m) => ({ default: m.ItemPage })),
);
// The assistant's chat page and the widget's frame: loaded only by their own addresses.
const AssistantChatPage = React.lazy(() => import('./assistant-chat-page'));
const EmbedChatPage = React.lazy(() => import('./embed-chat-page'));
const NotFoundPage = React.lazy(() =>
  import('../routes/coming-soon-routes').then((m) => ({ default: m.NotFoundPage })),
);

/**
 * What `/app/*` shows (spec 001 §2), the root of the public app pages' own document (docs/decisions/0005 "Page
 * weight"): the address names the app, and the app's type (from `GET /api/apps/{id}`, the query the pages read
 * anyway) picks the page. Moving between the pages keeps the `/app/{appId}` prefix.
 */
export function RuntimeRoot() {
  const pathname = appPathname(usePathname());
  const chat = matchChatPath(pathname);
  if (chat)
    return (
      <React.Suspense fallback={null}>
        {chat.embed ? (
          <EmbedChatPage appId={chat.appId} />
        ) : (
          <>
            <AssistantChatPage appId={chat.appId} />
            <AppAccount appId={chat.appId} />
          </>
        )}
      </React.Suspense>
    );
  const route = matchRuntimePath(pathname);
  return (
    <React.Suspense fallback={null}>
      {!route ? (
        <NotFoundPage />
      ) : route.page === 'item' ? (
        <ItemPage appId={route.appId} entity={route.entity} recordId={route.recordId} />
      ) : (
        <AppPage route={route} />
      )}
      {route && <AppAccount appId={route.appId} />}
    </React.Suspense>
  );
}

/**
 * The assistant's pages (decision 0010): the chat page `/app/{appId}/chat` and the widget's frame `/embed/{appId}`
 * (the public pages' document serves both). A space app's page named `chat` is shadowed by the chat page.
 */
export function matchChatPath(pathname: string): { appId: string; embed: boolean } | null {
  const m = /^\/(?:app\/([^/]+)\/chat|embed\/([^/]+))\/?$/.exec(pathname);
  if (!m) return null;
  try {
    const appId = decodeURIComponent(m[1] ?? m[2]!);
    return appId ? { appId, embed: m[2] !== undefined } : null;
  } catch {
    return null;
  }
}

/**
 * On an app's own domain the server names the app in the document (README "Custom domains"): there `/`,
 * `/tool/{path}` and `/{Page}` are the app's pages, read as under `/app/{appId}`.
 */
export function appPathname(pathname: string, doc: Document = document): string {
  const appId = doc.querySelector<HTMLMetaElement>(`meta[name="${CUSTOM_DOMAIN_APP_META}"]`)?.content;
  if (!appId || pathname.startsWith('/app/')) return pathname;
  return `/app/${encodeURIComponent(appId)}${pathname === '/' ? '' : pathname}`;
}

function AppPage({ route }: { route: Exclude<RuntimeRoute, { page: 'item' }> }) {
  const app = useQuery(appQuery(route.appId));
  // `/app/{appId}/{Page}` names a page of a space app; no other app has one
  if (app.data?.appType !== 'space' && route.page === 'space') return app.isPending ? null : <NotFoundPage />;
  return (
    <MembershipGate appId={route.appId}>
      {(gate) =>
        app.data?.appType === 'space' ? (
          <SpaceAppPage route={route} gate={gate} />
        ) : (
          route.page !== 'space' && <RuntimePage route={route} onMembershipRequired={gate.onRefused} />
        )
      }
    </MembershipGate>
  );
}
