import type * as React from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import {
  aiAppSchema,
  appStyleSchema,
  type AiAppInput,
  type AppView,
  type ToolSummary,
} from '@buildai/domain';
import { Toaster } from '@/components/ui/toaster';
import { queryKeys } from '@/lib/query-keys';
import type { BuilderAccount } from '@/lib/builder-types';

/** Test data and a render helper for the builder's panels (tests only). */

export function makeTool(over: Partial<Omit<ToolSummary, 'app'>> & { app?: AiAppInput } = {}): ToolSummary {
  const { app, ...rest } = over;
  return {
    toolId: 't1',
    title: 'Blog ideas',
    path: 'blog-ideas',
    status: 'draft',
    imageUrl: null,
    app: aiAppSchema.parse({ header: rest.title ?? 'Blog ideas', ...app }),
    ...rest,
  };
}

export function makeApp(over: Partial<AppView> = {}): AppView {
  return {
    appId: 'a1',
    appType: 'generated',
    header: 'My app',
    description: '',
    isPublished: true,
    publishedAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    isOwner: true,
    tools: [makeTool()],
    appStyle: appStyleSchema.parse({}),
    appSettings: {},
    ...over,
  };
}

export function makeBuilder(over: Partial<BuilderAccount> = {}): BuilderAccount {
  return { accountId: 'acc_1', plan: 'explorer', isAdmin: false, ...over };
}

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** Renders `element` at `path` (entered as `url`) with a fresh query cache, a router and the toaster. */
export function renderBuilder(
  element: React.ReactNode,
  {
    path = '/build/app/:appId',
    url = '/build/app/a1',
    app,
  }: { path?: string; url?: string; app?: AppView } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (app) queryClient.setQueryData(queryKeys.app(app.appId), app);
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}

/** jsdom lays nothing out: give each sortable row a 60 px slot so the keyboard sensor finds its neighbours. */
export function layOutSortableRows() {
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('[data-sortable-id]');
    const i = row?.parentElement ? Array.from(row.parentElement.children).indexOf(row) : 0;
    const top = row ? i * 60 : 0;
    return { top, bottom: top + 50, left: 0, right: 300, width: 300, height: 50, x: 0, y: top, toJSON() {} };
  });
}

const tick = () => act(async () => void (await new Promise((r) => setTimeout(r, 20))));

/** Drags a row with the keyboard: Space on its handle, the arrow keys, then Space to drop (or Escape). */
export async function dragWithKeyboard(
  handleName: string,
  keys: string[],
  end: 'Space' | 'Escape' = 'Space',
) {
  const handle = screen.getByRole('button', { name: handleName });
  handle.focus();
  fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  await tick();
  for (const key of keys) {
    fireEvent.keyDown(document.activeElement ?? handle, { code: key, key });
    await tick();
  }
  fireEvent.keyDown(document.activeElement ?? handle, { code: end, key: end === 'Space' ? ' ' : end });
  await tick();
}
