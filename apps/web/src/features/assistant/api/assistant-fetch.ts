import { AppError } from '@buildai/domain';
import { NETWORK_ERROR_MESSAGE, toAppError } from '@/lib/api-client';
import { getToken, refreshSession } from '@/lib/session';
import { keepVisitor, readVisitor, VISITOR_HEADER } from './visitor';

/**
 * Where the chat is shown: the app's chat page (`/app/{appId}/chat`, the signed-in user's session or the visitor
 * cookie) or the widget's frame on another site (`/embed/{appId}`, the visitor id of the frame's storage).
 */
export type ChatSurface = 'page' | 'widget';

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * `fetch` as the assistant's calls need it: on the page with the session (one refresh and retry on 401), in the
 * widget with the visitor header and no cookies; a refusal becomes the server's AppError, a network failure the
 * product's network error.
 */
export function assistantFetch(surface: ChatSurface): typeof fetch {
  return async (input, init = {}) => {
    const send = async (token: string | null) => {
      const headers = new Headers(init.headers);
      if (token) headers.set('Authorization', `Bearer ${token}`);
      const visitor = surface === 'widget' ? readVisitor() : null;
      if (visitor) headers.set(VISITOR_HEADER, visitor);
      try {
        return await fetch(input, {
          ...init,
          headers,
          credentials: surface === 'widget' ? 'omit' : 'same-origin',
        });
      } catch (err) {
        if (isAbort(err)) throw err;
        throw new AppError('network', { status: 0, message: NETWORK_ERROR_MESSAGE });
      }
    };
    const token = surface === 'page' ? getToken() : null;
    let res = await send(token);
    if (res.status === 401 && token && (await refreshSession())) res = await send(getToken());
    if (surface === 'widget') keepVisitor(res);
    if (!res.ok) throw await toAppError(res);
    return res;
  };
}

/** A JSON GET of the assistant's API. */
export async function assistantGet<T>(surface: ChatSurface, path: string, signal?: AbortSignal): Promise<T> {
  const res = await assistantFetch(surface)(path, { headers: { Accept: 'application/json' }, signal });
  return (await res.json()) as T;
}

export const assistantPath = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/assistant`;
