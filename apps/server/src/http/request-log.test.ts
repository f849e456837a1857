import { describe, expect, it } from 'vitest';
import { requestLogLevel, SLOW_REQUEST_MS } from './request-log';

const line = (path: string, status: number, ms: number) => ({
  requestId: 'r',
  method: 'GET',
  path,
  status,
  ms,
});

describe('requestLogLevel', () => {
  it('names at info what failed on the server or was slow, and the rest at debug', () => {
    expect(requestLogLevel(line('/api/apps/a', 200, 3), false)).toBe('debug');
    expect(requestLogLevel(line('/api/apps/a', 404, 3), false)).toBe('debug');
    expect(requestLogLevel(line('/api/apps/a', 500, 3), false)).toBe('info');
    expect(requestLogLevel(line('/api/apps/a', 503, 3), false)).toBe('info');
    expect(requestLogLevel(line('/api/apps/a', 200, SLOW_REQUEST_MS - 1), false)).toBe('debug');
    expect(requestLogLevel(line('/api/apps/a', 200, SLOW_REQUEST_MS), false)).toBe('info');
  });

  it('names every request at info in an access log, but never the health probe', () => {
    expect(requestLogLevel(line('/api/apps/a', 200, 3), true)).toBe('info');
    expect(requestLogLevel(line('/api/health', 200, 3), true)).toBe('debug');
    expect(requestLogLevel(line('/api/health', 500, 5000), false)).toBe('debug');
  });
});
