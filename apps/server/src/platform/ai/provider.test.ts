import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelFetch } from './provider';

// The providers' fetch refuses a redirect (decision 0005-house-order "Speed"): a model API never redirects a call,
// and following one would copy every request on the way to the first token.
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
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
});
