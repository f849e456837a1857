import type * as React from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { ContextItemEvent } from '@buildai/domain';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import type { mockApi } from '@/test/mock-api';
import type { DataItem } from '../api/context-items';

/** Test data, a render helper, a hand-driven XMLHttpRequest and a hand-fed event stream (tests only). */

export function makeItem(over: Partial<DataItem> = {}): DataItem {
  return {
    id: 'c1',
    name: 'Products.csv',
    size: 2048,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    lastSyncedAt: null,
    type: 'csv',
    source: 'local files',
    status: 'synced',
    numOfChunks: 12,
    externalFileUrl: null,
    externalFileId: null,
    providerItemId: null,
    provider: null,
    originalContextItemId: null,
    errorMessage: null,
    ...over,
  };
}

export function itemsReply(contextItems: DataItem[], hasReachedDataLimit = false) {
  return { body: { contextItems, hasReachedDataLimit } };
}

export function renderWithProviders(node: React.ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {node}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/** An XMLHttpRequest the test drives: progress, then an answer. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  aborted = false;
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  async respond(status: number, body: unknown) {
    await act(async () => {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
      await new Promise((r) => setTimeout(r, 0));
    });
  }
}

/** The upload the dialog sent: its form sends a tick after the click. */
export async function sentUpload(): Promise<FakeXhr> {
  await waitFor(() => expect(FakeXhr.sent.length).toBeGreaterThan(0));
  return FakeXhr.sent[0]!;
}

export function useFakeXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/**
 * Answers GET /api/context/events with a stream the test feeds (or with `status` when given); every other request
 * goes to the mocked API. `opened` records the abort signal of each stream opened.
 */
export function mockEventStream(api: ReturnType<typeof mockApi>, { status }: { status?: number } = {}) {
  const encoder = new TextEncoder();
  const controllers: ReadableStreamDefaultController<Uint8Array>[] = [];
  const opened: { signal: AbortSignal | undefined | null; headers: Record<string, string> }[] = [];
  const inner = api.fetchMock;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!raw.startsWith('/api/context/events')) return inner(input, init);
      opened.push({ signal: init.signal, headers: Object.fromEntries(new Headers(init.headers).entries()) });
      if (status)
        return new Response(JSON.stringify({ error: { code: 'internal', message: 'Down' } }), { status });
      const body = new ReadableStream<Uint8Array>({ start: (c) => void controllers.push(c) });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  return {
    opened,
    async send(event: Partial<ContextItemEvent> & { id: string }) {
      await act(async () => {
        controllers.at(-1)!.enqueue(encoder.encode(`: keep-alive\n\ndata: ${JSON.stringify(event)}\n\n`));
        await new Promise((r) => setTimeout(r, 10));
      });
    },
  };
}

export function openMenu(name: string, item: string) {
  fireEvent.keyDown(screen.getByRole('button', { name: `Actions for ${name}` }), { key: 'Enter' });
  fireEvent.click(screen.getByRole('menuitem', { name: item }));
}

export function csvFile(name = 'Prices.csv', size?: number) {
  const file = new File(['sku,price\na,1\n'], name, { type: 'text/csv' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}
