import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppEnv } from './context';
import { createNodeHandler } from './node-handler';
import { streamToSocket, type SocketWriter } from './socket-stream';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** An app whose `/stream` writes `pieces` to the socket, after a middleware that edits the answer it is given. */
function appWith(
  write: (socket: SocketWriter) => Promise<void>,
  seen: { direct?: boolean; status?: number },
) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    await next();
    // what a middleware does after the route: reads and edits the Response, which no longer is the answer
    seen.status = c.res.status;
    c.res.headers.set('X-After', 'edited');
  });
  app.get('/stream', (c) => {
    c.header('Set-Cookie', 'a=1; Path=/');
    c.header('Set-Cookie', 'b=2; Path=/', { append: true });
    const direct = streamToSocket(c, { 'Content-Type': 'text/event-stream', 'X-Run-Id': 'r1' }, write);
    seen.direct = direct !== null;
    return direct ?? c.text('in-process', 200);
  });
  return app;
}

async function listen(app: Hono<AppEnv>): Promise<string> {
  server = createServer(createNodeHandler(app));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('streamToSocket', () => {
  it('writes the answer straight to the socket with the headers set before, whatever the middleware does after', async () => {
    const seen: { direct?: boolean; status?: number } = {};
    const base = await listen(
      appWith(async (socket) => {
        await socket.write('data: 1\n\n');
        await new Promise((r) => setTimeout(r, 20));
        await socket.write('data: 2\n\n');
        socket.end();
      }, seen),
    );
    const res = await fetch(`${base}/stream`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('x-run-id')).toBe('r1');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    // the node handler's own headers are kept; the middleware's edit after the answer left is not sent
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-after')).toBeNull();
    expect(await res.text()).toBe('data: 1\n\ndata: 2\n\n');
    expect(seen).toEqual({ direct: true, status: 200 });
  });

  it('sends the headers with the first piece, not before', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const base = await listen(
      appWith(async (socket) => {
        await gate;
        await socket.write('data: first\n\n');
        socket.end();
      }, {}),
    );
    const answer = fetch(`${base}/stream`);
    const early = await Promise.race([
      answer.then(() => 'headers'),
      new Promise((resolve) => setTimeout(() => resolve('nothing yet'), 50)),
    ]);
    expect(early).toBe('nothing yet');
    release();
    const res = await answer;
    expect([res.status, res.headers.get('x-run-id')]).toEqual([200, 'r1']);
    expect(await res.text()).toBe('data: first\n\n');
  });

  it('tells the writer when the browser goes away, and a write then no longer waits', async () => {
    let closedSeen!: () => void;
    const closed = new Promise<void>((resolve) => (closedSeen = resolve));
    const after: boolean[] = [];
    const base = await listen(
      appWith(async (socket) => {
        socket.onClose(closedSeen);
        await socket.write('data: first\n\n');
        await closed;
        after.push(socket.closed);
        await socket.write('x'.repeat(1 << 20)); // never waits for a drain that cannot come
        after.push(true);
        socket.end();
      }, {}),
    );
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(`${base}/stream`, (res) => {
        res.once('data', (chunk: Buffer) => {
          expect(chunk.toString()).toBe('data: first\n\n');
          req.destroy();
          resolve();
        });
      });
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
      req.end();
    });
    await closed;
    await expect.poll(() => after).toEqual([true, true]);
  });

  it('answers null for a request that did not come through the node handler', async () => {
    const seen: { direct?: boolean } = {};
    const res = await appWith(async () => {}, seen).request('/stream');
    expect(await res.text()).toBe('in-process');
    expect(seen.direct).toBe(false);
  });
});
