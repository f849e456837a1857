import { AppError } from '@buildai/domain';
import { authFetch } from './auth-fetch';

export { NETWORK_ERROR_MESSAGE, toAppError } from './auth-fetch';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded as the request body */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** refresh the session once and retry when the server answers 401 to a request that carried a token */
  refreshOn401?: boolean;
}

/** Sends the request and answers the successful Response (kept unread, e.g. for streams); throws AppError. */
export function apiResponse(path: string, opts: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  return authFetch(path, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
    refreshOn401: opts.refreshOn401,
  });
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
