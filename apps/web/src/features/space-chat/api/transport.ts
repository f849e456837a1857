import { DefaultChatTransport } from 'ai';
import { toAppError } from '@/lib/api-client';
import { getToken, refreshSession } from '@/lib/session';
import type { SpaceUIMessage } from '../lib/types';
import { appPath } from './chat-messages';

/**
 * `fetch` with the web's session: the bearer token, one refresh and retry on 401, and a refusal turned into the
 * server's AppError (so 'space/chat-busy' or 'space/ai-not-configured' reach the panel with their messages).
 */
export async function authFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const send = (token: string | null) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers, credentials: 'same-origin' });
  };
  const token = getToken();
  let res = await send(token);
  if (res.status === 401 && token && (await refreshSession())) res = await send(getToken());
  if (!res.ok) throw await toAppError(res);
  return res;
}

/** POST /api/apps/{appId}/chat with only the newest message: the history is the server's. */
export function createChatTransport(appId: string) {
  return new DefaultChatTransport<SpaceUIMessage>({
    api: `${appPath(appId)}/chat`,
    fetch: authFetch,
    prepareSendMessagesRequest: ({ messages }) => {
      const last = messages[messages.length - 1]!;
      const systemActionInfo = last.metadata?.systemActionInfo;
      return {
        body: {
          message: {
            id: last.id,
            role: 'user',
            parts: last.parts.flatMap((p): Record<string, unknown>[] =>
              p.type === 'text' && p.text
                ? [{ type: 'text', text: p.text }]
                : // an image the builder added: sent in the message (a data: URL), stored by the server
                  p.type === 'file' && p.url.startsWith('data:')
                  ? [{ type: 'file', mediaType: p.mediaType, url: p.url, filename: p.filename }]
                  : [],
            ),
            ...(systemActionInfo ? { metadata: { systemActionInfo } } : {}),
          },
        },
      };
    },
  });
}
