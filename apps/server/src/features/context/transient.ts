/**
 * Whether an ingestion failure may pass if tried again: the network, a connection to the database or the store
 * dropping, the database out of resources or in a deadlock, a provider's 5xx or rate limit. Anything else (the
 * content of the document, a value the database refuses, a bug) fails the same way each time, so the item ends in
 * error at once instead of after three tries.
 */
export function isTransientError(err: unknown): boolean {
  for (let e = err as ErrorLike | undefined, depth = 0; e && depth < 5; e = e.cause as ErrorLike, depth++) {
    if (typeof e !== 'object') return false;
    // our own errors: 5xx are the server's or a provider's trouble (a site down, an embedding call failing)
    if (e.name === 'AppError') return typeof e.status === 'number' && e.status >= 500;
    if (typeof e.code === 'string') {
      if (NETWORK_CODES.has(e.code)) return true;
      // PostgreSQL's SQLSTATE: connection, transaction rollback (deadlock, serialisation), resources, operator
      if (/^(08|40|53|57|58)[0-9A-Z]{3}$/.test(e.code)) return true;
    }
    // a provider's HTTP answer: its own trouble or a rate limit
    if (typeof e.status === 'number') return e.status >= 500 || e.status === 429;
    if (e.isRetryable === true || e.$retryable) return true; // AI SDK provider errors; the S3 client
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
  }
  return false;
}

interface ErrorLike {
  name?: string;
  code?: unknown;
  status?: unknown;
  cause?: unknown;
  isRetryable?: unknown;
  $retryable?: unknown;
}

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
