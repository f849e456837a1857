import { DefaultChatTransport } from 'ai';
import { isAppError } from '@/lib/api-client';
import { textOf, type ChatMessage } from '../lib/messages';
import { assistantFetch, assistantPath, type ChatSurface } from './assistant-fetch';

/**
 * `POST /api/apps/{appId}/assistant` with the newest user message only (the history is the server's):
 * `{message, conversationId, retry?, source}`. A retry of an answer the server never kept (the stream broke before
 * it was stored) is sent again as the message it answers.
 */
export function createAssistantTransport(appId: string, surface: ChatSurface) {
  const send = assistantFetch(surface);
  const fetchRetryingOnce: typeof fetch = async (input, init = {}) => {
    try {
      return await send(input, init);
    } catch (err) {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as { retry?: boolean }) : null;
      if (!isAppError(err) || err.code !== 'chat/nothing-to-retry' || !body?.retry) throw err;
      return send(input, { ...init, body: JSON.stringify({ ...body, retry: undefined }) });
    }
  };
  return new DefaultChatTransport<ChatMessage>({
    api: assistantPath(appId),
    fetch: fetchRetryingOnce,
    prepareSendMessagesRequest: ({ id, messages, trigger }) => {
      const lastUser = messages.findLast((m) => m.role === 'user');
      return {
        body: {
          message: lastUser ? textOf(lastUser) : '',
          conversationId: id,
          ...(trigger === 'regenerate-message' ? { retry: true } : {}),
          source: surface === 'widget' ? 'widget' : 'web',
        },
      };
    },
  });
}
