/** A request this slow is named at info even without an access log. */
export const SLOW_REQUEST_MS = 1000;

export interface RequestLine {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/**
 * The level of a request's log line (decision 0005-house-order/speed.md, "Session 26"). The health probe's is always
 * `debug` (load balancers would drown the log). Without an access log (`LOG_REQUESTS=notable`), a request is named at
 * `info` when it failed on the server (5xx) or took SLOW_REQUEST_MS or more, and at `debug` otherwise; with one
 * (`all`), every request is named at `info`.
 */
export function requestLogLevel(line: RequestLine, accessLog: boolean): 'info' | 'debug' {
  if (line.path === '/api/health') return 'debug';
  if (accessLog || line.status >= 500 || line.ms >= SLOW_REQUEST_MS) return 'info';
  return 'debug';
}
