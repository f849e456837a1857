import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@buildai/testkit';

interface Line {
  level: number;
  msg: string;
  method?: string;
  path?: string;
  status?: number;
  requestId?: string;
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server whose logger writes every line at debug and up to `lines`, and what its requests logged. */
async function serverLogging(config: Record<string, string>) {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      done();
    },
  });
  server = await startTestServer(config, { logger: pino({ level: 'debug' }, sink) });
  const url = await server.listen();
  const requestLines = async (path: string) => {
    const res = await fetch(`${url}${path}`);
    await res.arrayBuffer();
    const id = res.headers.get('x-request-id');
    return lines.filter((l) => l.msg === 'request' && l.requestId === id);
  };
  return { requestLines };
}

describe('request log lines', () => {
  it('name a request that went well at debug, unless the operator asks for an access log', async () => {
    const { requestLines } = await serverLogging({});
    expect(await requestLines('/api/nothing-here')).toEqual([
      expect.objectContaining({ level: 20, method: 'GET', path: '/api/nothing-here', status: 404 }),
    ]);
    expect(await requestLines('/api/health')).toEqual([
      expect.objectContaining({ level: 20, path: '/api/health', status: 200 }),
    ]);
  });

  it('with LOG_REQUESTS=all, name every request at info but the health probe', async () => {
    const { requestLines } = await serverLogging({ LOG_REQUESTS: 'all' });
    expect(await requestLines('/api/nothing-here')).toEqual([
      expect.objectContaining({ level: 30, method: 'GET', path: '/api/nothing-here', status: 404 }),
    ]);
    expect(await requestLines('/api/health')).toEqual([
      expect.objectContaining({ level: 20, path: '/api/health', status: 200 }),
    ]);
  });

  it('refuse a setting of LOG_REQUESTS that is not one of its two', async () => {
    await expect(startTestServer({ LOG_REQUESTS: 'some' })).rejects.toThrow(/LOG_REQUESTS/);
  });
});
