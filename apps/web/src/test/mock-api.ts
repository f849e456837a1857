import { vi } from 'vitest';
import { errorCatalogue } from '@buildai/domain';

/** One request the code under test sent. */
export interface SentRequest {
  method: string;
  /** path + query */
  url: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export interface Reply {
  status?: number;
  body?: unknown;
}
type Handler = Reply | ((req: SentRequest) => Reply | Promise<Reply>);

/** An error answer as the server sends it: `{ error: { code, message, field? } }` with the catalogue's status. */
export function errorReply(
  code: keyof typeof errorCatalogue,
  extra: { field?: string; status?: number } = {},
): Reply {
  const known = errorCatalogue[code];
  return {
    status: extra.status ?? known.status,
    body: { error: { code, message: known.message, ...(extra.field ? { field: extra.field } : {}) } },
  };
}

/**
 * Replaces `fetch` with a router of `"METHOD /path"` → reply (a function may look at the request, or a list of
 * replies is used in order). Unknown requests answer 404. `requests` records every call.
 */
export function mockApi(routes: Record<string, Handler | Handler[]>) {
  const requests: SentRequest[] = [];
  const queues = new Map<string, Handler[]>();
  for (const [key, handler] of Object.entries(routes)) {
    if (Array.isArray(handler)) queues.set(key, [...handler]);
  }
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const req: SentRequest = {
      method,
      url: url.pathname + url.search,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers,
    };
    requests.push(req);
    const key = `${method} ${url.pathname}`;
    const queue = queues.get(key);
    const handler = queue
      ? queue.length > 1
        ? queue.shift()
        : queue[0]
      : (routes[key] as Handler | undefined);
    const reply: Reply = !handler
      ? { status: 404, body: { error: { code: 'not-found', message: 'Not found' } } }
      : typeof handler === 'function'
        ? await handler(req)
        : handler;
    const status = reply.status ?? 200;
    if (status === 204) return new Response(null, { status });
    return new Response(JSON.stringify(reply.body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    /** the requests to `"METHOD /path"` */
    to: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}
