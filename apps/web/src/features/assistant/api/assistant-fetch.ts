import { sessionFetch, toAppError } from '@/lib/auth-fetch';
import { keepVisitor, readVisitor, VISITOR_HEADER } from './visitor';

/**
 * Where the chat is shown: the app's chat page (`/app/{appId}/chat`, the signed-in user's session or the visitor
 * cookie) or the widget's frame on another site (`/embed/{appId}`, the visitor id of the frame's storage).
 */
export type ChatSurface = 'page' | 'widget';

/**
 * `fetch` as the assistant's calls need it: on the page with the session (one refresh and retry on 401), in the
 * widget with the visitor header and no cookies; a refusal becomes the server's AppError, a network failure the
 * product's network error.
 */
export function assistantFetch(surface: ChatSurface): typeof fetch {
  return async (input, init = {}) => {
    if (surface === 'page') {
      const res = await sessionFetch(input, init);
      if (!res.ok) throw await toAppError(res);
      return res;
    }
    const headers = new Headers(init.headers);
    const visitor = readVisitor();
    if (visitor) headers.set(VISITOR_HEADER, visitor);
    const res = await sessionFetch(input, { ...init, headers, credentials: 'omit', anonymous: true });
    keepVisitor(res);
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
