import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { AppErrorItem, ChatAction, ChatMessage, MessageAnnotation, UsageRecord } from '@buildai/domain';
import { Toaster } from '@/components/ui/toaster';
import type { mockApi } from '@/test/mock-api';
import { SpaceChat, type SpaceChatProps } from '../index';

export const APP = 'app1';
export const CHAT_PATH = `/api/apps/${APP}/chat`;

let seq = 0;
/** A stored chat message as GET /chat/messages answers it. */
export function stored(
  role: 'user' | 'assistant',
  text: string,
  over: {
    id?: string;
    running?: boolean;
    annotation?: MessageAnnotation;
    actions?: ChatAction[];
    parts?: ChatMessage['parts'];
  } = {},
): ChatMessage {
  seq++;
  return {
    id: over.id ?? `m${seq}`,
    role,
    content: text,
    parts: over.parts ?? (text ? [{ type: 'text', text }] : []),
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString(),
    // a recorded answer carries its usage; `running` is one the server still writes
    annotations:
      role === 'assistant'
        ? [over.running ? (over.annotation ?? {}) : { usage: usage(), ...over.annotation }]
        : over.annotation
          ? [over.annotation]
          : [],
    actions: over.actions ?? [],
    ...(role === 'assistant'
      ? { status: over.running ? ('streaming' as const) : ('complete' as const) }
      : {}),
  };
}

export function usage(over: Partial<UsageRecord> = {}): UsageRecord {
  return {
    promptTokens: 1200,
    promptCost: 0.0018,
    promptRate: 1.5,
    completionTokens: 300,
    completionCost: 0.0018,
    completionRate: 6,
    totalTokens: 1500,
    totalCost: 0.0036,
    cacheReadTokens: 0,
    cacheReadCost: 0,
    cacheReadRate: 0,
    cacheWriteTokens: 0,
    cacheWriteCost: 0,
    cacheWriteRate: 0,
    finishReason: 'stop',
    timestamp: '2026-01-01T00:00:00.000Z',
    modelInfo: { model: 'openai/gpt-4o-mini' },
    ...over,
  };
}

/**
 * A UI message stream the test writes chunk by chunk (`push`), then `end`s; `response` is what the chat route
 * answers.
 */
export function uiStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  return {
    response: new Response(body, {
      headers: { 'Content-Type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
    }),
    push: (...chunks: object[]) => {
      for (const c of chunks) controller.enqueue(encoder.encode(`data: ${JSON.stringify(c)}\n\n`));
    },
    end: () => {
      controller.enqueue(encoder.encode('data: [DONE]\n\n'));
      controller.close();
    },
  };
}

type Api = ReturnType<typeof mockApi>;

/**
 * Serves the chat route with the streams the test hands out (one per POST, in order), every other route through
 * mockApi. `posts` are the bodies the panel sent.
 */
export function serveChat(api: Api, streams: ReturnType<typeof uiStream>[]) {
  const posts: unknown[] = [];
  const jsonFetch = api.fetchMock.getMockImplementation()!;
  const queue = [...streams];
  api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url, 'http://localhost').pathname === CHAT_PATH && (init.method ?? 'GET') === 'POST') {
      posts.push(JSON.parse(init.body as string));
      const next = queue.shift();
      if (!next) throw new Error('no stream left for the chat route');
      return next.response;
    }
    return jsonFetch(input, init);
  });
  return posts;
}

export function renderChat(over: Partial<SpaceChatProps> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const props: SpaceChatProps = {
    appId: APP,
    isAdmin: false,
    appErrors: [],
    onFilesChanged: vi.fn(),
    onClearErrors: vi.fn(),
    ...over,
  };
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SpaceChat {...props} />
      <Toaster />
    </QueryClientProvider>,
  );
  const rerender = (next: Partial<SpaceChatProps>) => {
    Object.assign(props, next);
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <SpaceChat {...props} />
        <Toaster />
      </QueryClientProvider>,
    );
  };
  return { ...view, props, rerender, queryClient };
}

export const errorItem = (title: string, over: Partial<AppErrorItem> = {}): AppErrorItem => ({
  title,
  details: `${title}\n    at Home (pages/Home.tsx:3:9)`,
  componentName: 'Home',
  ...over,
});
