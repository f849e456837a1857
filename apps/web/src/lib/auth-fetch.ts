import { AppError } from '@buildai/domain';
import { getToken, refreshSession } from './session';

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** Rebuilds the server's `{ error: { code, message, field? } }` as an AppError. */
export async function toAppError(res: Response): Promise<AppError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  return AppError.fromBody(body, res.status);
}

export interface SessionOptions {
  /** send no session token (the widget's visitor, a call that carries its own Authorization) */
  anonymous?: boolean;
  /** refresh the session once and retry when the server answers 401 to a request that carried a token */
  refreshOn401?: boolean;
}

/**
 * The web's one rule for a call with the session: `send` is given the bearer token (null: none); a 401 to a call
 * that carried one refreshes the session once and sends again with the new token. A refused refresh clears the
 * token (signed out) and the 401 is answered as it came. `send` may be anything with a status (fetch, an upload).
 */
export async function withSession<T extends { status: number }>(
  send: (token: string | null) => Promise<T>,
  opts: SessionOptions = {},
): Promise<T> {
  const token = opts.anonymous ? null : getToken();
  const first = await send(token);
  if (first.status !== 401 || !token || opts.refreshOn401 === false) return first;
  if (!(await refreshSession())) return first;
  return send(getToken());
}

export type AuthFetchInit = RequestInit & SessionOptions;

/**
 * `fetch` with the session ({@link withSession}) that answers the Response whatever its status, unread (streams
 * stay streams). A request that names its own Authorization is sent as it is; a network failure becomes the
 * product's network error, a cancel stays an AbortError.
 */
export async function sessionFetch(input: RequestInfo | URL, init: AuthFetchInit = {}): Promise<Response> {
  const { anonymous, refreshOn401, ...request } = init;
  const own = new Headers(request.headers).has('Authorization');
  return withSession(
    async (token) => {
      const headers = new Headers(request.headers);
      if (token) headers.set('Authorization', `Bearer ${token}`);
      try {
        return await fetch(input, { ...request, headers, credentials: request.credentials ?? 'same-origin' });
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') throw err;
        throw new AppError('network', { status: 0, message: NETWORK_ERROR_MESSAGE });
      }
    },
    { anonymous: anonymous || own, refreshOn401 },
  );
}

/** {@link sessionFetch} that throws the server's AppError for a refusal: a successful Response, unread. */
export async function authFetch(input: RequestInfo | URL, init: AuthFetchInit = {}): Promise<Response> {
  const res = await sessionFetch(input, init);
  if (!res.ok) throw await toAppError(res);
  return res;
}
