import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { DEFAULT_ASSISTANT_SETTINGS, type AssistantInfo, type AssistantUIMessage } from '@buildai/domain';
import type { mockApi } from '@/test/mock-api';
import { AssistantChat, type AssistantChatProps } from '../index';

export const APP = 'app_help1234';
export const ASSISTANT = `/api/apps/${APP}/assistant`;
export const INFO = `GET ${ASSISTANT}/info`;
export const MESSAGES = `GET ${ASSISTANT}/messages`;

export function info(over: Partial<AssistantInfo> = {}): AssistantInfo {
  return {
    appId: APP,
    header: 'Help desk',
    description: 'Answers about our shop',
    welcomeMessage: 'Hi! Ask me about orders, returns and delivery.',
    starters: [],
    appStyle: { primaryColor: '#0f766e', logoUrl: '', backgroundColor: '' },
    widget: { ...DEFAULT_ASSISTANT_SETTINGS.widget, color: '#0f766e' },
    ...over,
  };
}

export const text = (id: string, role: 'user' | 'assistant', value: string): AssistantUIMessage => ({
  id,
  role,
  parts: [{ type: 'text', text: value }],
});

/** A UI message stream the test writes chunk by chunk (`push`), then `end`s. */
export function uiStream(headers: Record<string, string> = {}) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => (controller = c),
    cancel: () => void (cancelled = true),
  });
  return {
    response: new Response(body, {
      headers: { 'Content-Type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1', ...headers },
    }),
    push: (...chunks: object[]) => {
      for (const c of chunks) controller.enqueue(encoder.encode(`data: ${JSON.stringify(c)}\n\n`));
    },
    end: () => {
      controller.enqueue(encoder.encode('data: [DONE]\n\n'));
      controller.close();
    },
    get cancelled() {
      return cancelled;
    },
  };
}

/** A whole answer: start, the text in two deltas, finish. */
export function answer(id: string, value: string, conversationId = 'conv_1234567890') {
  const s = uiStream();
  const half = Math.ceil(value.length / 2);
  s.push(
    { type: 'start', messageId: id, messageMetadata: { conversationId } },
    { type: 'text-start', id: 't1' },
    { type: 'text-delta', id: 't1', delta: value.slice(0, half) },
    { type: 'text-delta', id: 't1', delta: value.slice(half) },
    { type: 'text-end', id: 't1' },
    { type: 'finish', messageMetadata: { conversationId, runId: `run_${id}` } },
  );
  s.end();
  return s;
}

type Api = ReturnType<typeof mockApi>;
export interface SentPost {
  body: Record<string, unknown>;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | null | undefined;
}

/**
 * Serves `POST …/assistant` with the replies the test hands out (a stream, or an error Response), one per POST in
 * order; every other route through mockApi. `posts` are what the chat sent.
 */
export function serveAssistant(api: Api, replies: Array<ReturnType<typeof uiStream> | Response>) {
  const posts: SentPost[] = [];
  const jsonFetch = api.fetchMock.getMockImplementation()!;
  const queue = [...replies];
  api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url, 'http://localhost').pathname === ASSISTANT && init.method === 'POST') {
      posts.push({
        body: JSON.parse(init.body as string) as Record<string, unknown>,
        headers: new Headers(init.headers),
        credentials: init.credentials,
        signal: init.signal,
      });
      const next = queue.shift();
      if (!next) throw new Error('no reply left for the assistant route');
      return next instanceof Response ? next : next.response;
    }
    return jsonFetch(input, init);
  });
  return posts;
}

export function errorResponse(status: number, code: string, message: string) {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function renderChat(over: Partial<AssistantChatProps> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const props: AssistantChatProps = { appId: APP, surface: 'page', onMembershipRequired: vi.fn(), ...over };
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AssistantChat {...props} />
    </QueryClientProvider>,
  );
  return { ...view, props };
}
