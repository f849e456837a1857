import { AppError } from '@buildai/domain';
import { getToken, refreshSession } from './session';

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded as the request body */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** refresh the session once and retry when the server answers 401 to a request that carried a token */
  refreshOn401?: boolean;
}

async function send(path: string, opts: RequestOptions): Promise<{ res: Response; sentToken: boolean }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = headers.Authorization ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const res = await fetch(path, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      credentials: 'same-origin',
    });
    return { res, sentToken: token !== null };
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new AppError('network', { status: 0, message: NETWORK_ERROR_MESSAGE });
  }
}

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

/** Sends the request and answers the successful Response (kept unread, e.g. for streams); throws AppError. */
export async function apiResponse(path: string, opts: RequestOptions = {}): Promise<Response> {
  const { res: first, sentToken } = await send(path, opts);
  let res = first;
  if (res.status === 401 && sentToken && opts.refreshOn401 !== false && (await refreshSession())) {
    res = (await send(path, opts)).res;
  }
  if (!res.ok) throw await toAppError(res);
  return res;
}

/** JSON request to our API. Resolves the parsed body (undefined for 204). */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await apiResponse(path, opts);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/** A message fit for a toast, whatever was thrown. */
export function errorMessage(err: unknown): string {
  if (err instanceof AppError) return err.message;
  return new AppError('internal').message;
}

/** Worth asking again: the network failed or the server had a problem (not a 4xx answer). */
export function isRetryable(err: unknown): boolean {
  return !(err instanceof AppError) || err.status === 0 || err.status >= 500;
}
