import type * as React from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { Account, PlanCard } from '@buildai/domain';
import { queryKeys } from '@/lib/query-keys';

/** Test data and a render harness for the plans feature. */

import { makeAccount } from '@/test/fixtures';

export { makeAccount };

/** The default builder plans the server serves. */
export const DEFAULT_PLANS: PlanCard[] = [
  { id: 'free', name: 'Lite', price: 0, description: 'Try it out' },
  {
    id: 'explorer',
    name: 'Explorer',
    price: 19,
    priceYearly: 190,
    isMostPopular: true,
    description: 'For makers',
    link: 'https://pay.example/explorer',
    subscriptionLink: 'https://pay.example/manage',
  },
  {
    id: 'monetizer',
    name: 'Monetizer',
    price: 49,
    priceYearly: 490,
    discuountedPrice: 39,
    description: 'Earn from your apps\nPaid memberships\nCustom domain',
    buttonText: 'Start earning',
    link: 'https://pay.example/monetizer',
    subscriptionLink: 'https://pay.example/manage',
  },
  {
    id: 'discover',
    name: 'Discover',
    price: 99,
    oneTimePayment: true,
    description: 'One payment',
    link: 'https://pay.example/discover',
  },
  { id: 'moon', name: 'Moon', price: 199, description: 'Everything', link: 'https://pay.example/moon' },
];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface FakeServer {
  fetch: ReturnType<typeof vi.fn>;
  /** calls to a path (without the query string) */
  calls: (path: string) => string[];
}

/**
 * Stubs `fetch` for the plans endpoints: `plans` answers GET app/paidPlans (a function gets the appId), `account`
 * answers GET account/current (a function is called per request, to script a polling sequence).
 */
export function fakeServer(opts: {
  plans?: PlanCard[] | ((appId: string | null) => PlanCard[] | Response);
  account?: Account | (() => Account | Response);
}): FakeServer {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/live_api/app/paidPlans') {
      const p = typeof opts.plans === 'function' ? opts.plans(url.searchParams.get('appId')) : opts.plans;
      if (p instanceof Response) return p;
      return json(p ?? DEFAULT_PLANS);
    }
    if (url.pathname === '/api/live_api/account/current') {
      const a = typeof opts.account === 'function' ? opts.account() : opts.account;
      if (a instanceof Response) return a;
      return json(a ?? makeAccount());
    }
    return json({ error: { code: 'not-found', message: 'Not found' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    calls: (path) =>
      fetchMock.mock.calls
        .map((c) => String(c[0]))
        .filter((u) => new URL(u, 'http://localhost').pathname === path),
  };
}

export function serverError() {
  return json({ error: { code: 'internal', message: 'Something went wrong, please try again later' } }, 500);
}

export function makeQueryClient(account: Account | null = makeAccount()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (account) client.setQueryData(queryKeys.account, account);
  return client;
}

/** Renders `element` at `url` inside a memory router and a query client; answers the router to read the URL. */
export function renderAt(
  element: React.ReactNode,
  {
    url = '/home',
    client = makeQueryClient(),
    routes,
  }: { url?: string; client?: QueryClient; routes?: RouteObject[] } = {},
) {
  const router = createMemoryRouter(routes ?? [{ path: '*', element }], { initialEntries: [url] });
  const utils = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, client };
}
