import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import {
  aiAppSchema,
  appStyleSchema,
  type AiAppInput,
  type AppStyle,
  type AppView,
  type ToolSummary,
} from '@buildai/domain';
import type { mockApi } from '@/test/mock-api';
import { usePathname } from '@/lib/page-location';
import { RuntimePage } from '../components/runtime-page';
import { matchRuntimePath } from '../lib/paths';

export function makeTool(over: Partial<Omit<ToolSummary, 'app'>> & { app?: AiAppInput } = {}): ToolSummary {
  const { app, ...rest } = over;
  return {
    toolId: 't1',
    title: 'Slogan writer',
    path: 'my-tool',
    status: 'active',
    imageUrl: null,
    ...rest,
    app: aiAppSchema.parse({ header: 'Slogan writer', inputLabel: 'Your product', ...app }),
  };
}

export function makeAppView(
  over: Partial<Omit<AppView, 'appStyle'>> & { appStyle?: Partial<AppStyle> } = {},
): AppView {
  const { appStyle, ...rest } = over;
  return {
    appId: 'a1',
    appType: 'tool',
    header: 'Acme AI',
    description: 'Writing helpers for small shops',
    isPublished: true,
    publishedAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    isOwner: false,
    tools: [makeTool()],
    appSettings: { creditsPerRun: 1 },
    ...rest,
    appStyle: appStyleSchema.parse(appStyle ?? {}),
  };
}

export function sseResponse(chunks: string[]) {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      chunks.forEach((s) => c.enqueue(enc.encode(s)));
      c.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

export const sse = (...events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`);

/** Answers the run call with a server-sent event stream; everything else goes to the mocked API. */
export function streamRuns(api: ReturnType<typeof mockApi>, chunks: string[]) {
  const runs: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (/\/run$/.test(url) && init.method === 'POST') {
        runs.push({ url, body: JSON.parse(init.body as string) });
        return sseResponse(chunks);
      }
      return api.fetchMock(input, init);
    }),
  );
  return runs;
}

function Pages() {
  const route = matchRuntimePath(usePathname());
  if (!route || route.page === 'item' || route.page === 'space') return <p>Not a runtime page</p>;
  return <RuntimePage route={route} />;
}

/** Renders the runtime's pages at `path`; the address then moves as the pages move it (window.location). */
export function renderRuntime(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  window.history.replaceState(null, '', path);
  render(
    <QueryClientProvider client={queryClient}>
      <Pages />
    </QueryClientProvider>,
  );
  return { queryClient };
}
