import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { modelFetch } from './provider';

// The providers' fetch refuses a redirect (decision 0005-house-order "Speed"): a model API never redirects a call,
// and following one would copy every request on the way to the first token.
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/slow') {
      // the head now, the body a piece at a time
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-ratelimit-remaining': '7' });
      res.write('data: 1\n\n');
      setTimeout(() => res.end('data: 2\n\n'), 30);
      return;
    }
    if (req.url === '/never') return; // answers nothing
    if (req.url === '/moved') {
      res.writeHead(307, { location: '/v1/chat/completions' }).end();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the providers' fetch", () => {
  it('sends the call as given', async () => {
    const res = await modelFetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"model":"m"}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ model: 'm' });
  });

  it('refuses a redirect instead of following it', async () => {
    await expect(modelFetch(`${base}/moved`, { method: 'POST', body: '{}' })).rejects.toThrow(TypeError);
  });

  it("streams the answer's body with its status and headers", async () => {
    const res = await modelFetch(`${base}/slow`, { method: 'POST', body: '{}' });
    expect([res.status, res.ok]).toEqual([200, true]);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('7');
    const pieces: string[] = [];
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
      pieces.push(decoder.decode(chunk));
    expect(pieces.join('')).toBe('data: 1\n\ndata: 2\n\n');
  });

  it('fails as fetch does when the server cannot be reached: a TypeError with the cause', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await modelFetch(`http://127.0.0.1:${port}/v1`, { method: 'POST', body: '{}' }).catch(
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('fetch failed');
    expect(((error as TypeError).cause as { code?: string }).code).toBe('ECONNREFUSED');
  });

  it("rejects with the signal's reason when the call is stopped, before or while it waits", async () => {
    const stopped = new AbortController();
    stopped.abort();
    await expect(
      modelFetch(`${base}/never`, { method: 'POST', body: '{}', signal: stopped.signal }),
    ).rejects.toBe(stopped.signal.reason);
    const waiting = new AbortController();
    const call = modelFetch(`${base}/never`, { method: 'POST', body: '{}', signal: waiting.signal });
    setTimeout(() => waiting.abort(), 20);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe("the model calls' connections", () => {
  it('have a connection ready for the next call after a call is stopped mid-answer', async () => {
    // every connection the model server accepts, and the connection each call came on
    const opened: number[] = [];
    const callsOn: number[] = [];
    const model = createServer((req, res) => {
      callsOn.push(req.socket.remotePort!);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n'); // and the rest never comes
    });
    model.on('connection', (socket) => opened.push(socket.remotePort!));
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1/chat/completions`;
    try {
      const stop = new AbortController();
      const first = await modelFetch(url, { method: 'POST', body: '{}', signal: stop.signal });
      const reader = first.body!.getReader();
      await reader.read();
      stop.abort(); // the browser went away: the model is stopped, which closes the call's connection
      await reader.read().catch(() => undefined);
      // a new connection is opened at once, before anyone asks
      await vi.waitFor(() => expect(opened).toHaveLength(2));
      const second = await modelFetch(url, { method: 'POST', body: '{}' });
      expect(second.status).toBe(200);
      await second.body!.cancel();
      // the next call came on it, and no connection more was made for it
      expect(callsOn).toEqual([opened[0], opened[1]]);
      expect(opened).toHaveLength(2);
    } finally {
      model.closeAllConnections();
      await new Promise<void>((resolve) => model.close(() => resolve()));
    }
  });
});

describe("a model call's answer", () => {
  it('can be cancelled while the model is still sending: the connection is closed and nothing is thrown', async () => {
    let closed = false;
    const model = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const sending = setInterval(() => res.write('data: more\n\n'), 1);
      res.on('close', () => {
        clearInterval(sending);
        closed = true;
      });
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1/chat/completions`;
    try {
      for (let i = 0; i < 20; i++) {
        closed = false;
        const res = await modelFetch(url, { method: 'POST', body: '{}' });
        const reader = res.body!.getReader();
        expect(new TextDecoder().decode((await reader.read()).value)).toContain('data: more');
        // a chunk is on its way as the reader stops (Readable.toWeb threw ERR_INVALID_STATE, uncaught, here)
        await new Promise((resolve) => setTimeout(resolve, 2));
        await reader.cancel();
        await vi.waitFor(() => expect(closed).toBe(true), { interval: 5 });
      }
    } finally {
      model.closeAllConnections();
      await new Promise<void>((resolve) => model.close(() => resolve()));
    }
  });
});
