import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createProviderModels, parseProviderModels } from './provider-models';

type Reply = { status: number; body: string };
const answer = (ids: string[]): Reply => ({
  status: 200,
  body: JSON.stringify({ object: 'list', data: ids.map((id) => ({ id })) }),
});

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A provider over real HTTP answering `replies` in turn, recording what it was asked. */
async function provider(replies: Reply[]) {
  const calls: { path: string; auth: string | undefined }[] = [];
  server = createServer((req, res) => {
    calls.push({ path: req.url ?? '', auth: req.headers.authorization });
    const reply = replies.shift()!;
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/models`, calls };
}

describe("the provider's model list", () => {
  it('keeps chat models only, once each, sorted by id', () => {
    expect(
      parseProviderModels({
        data: [
          { id: 'gpt-4o' },
          { id: 'text-embedding-3-small' },
          { id: 'whisper-1' },
          { id: 'dall-e-3' },
          { id: 'gpt-4o-mini-tts' },
          { id: 'omni-moderation-latest' },
          { id: 'llama3.1:8b' },
          { id: 'gpt-4o' },
          { id: '' },
          { nope: true },
        ],
      }),
    ).toEqual(['gpt-4o', 'llama3.1:8b']);
    expect(() => parseProviderModels({ error: 'x' })).toThrow('the provider answered no model list');
  });

  it('asks {baseURL}/models with the key, keeps the answer 10 minutes and a failure 1 minute', async () => {
    let now = 0;
    const { url, calls } = await provider([answer(['b', 'a']), { status: 503, body: 'down' }, answer(['c'])]);
    const list = createProviderModels({ url, apiKey: 'k', now: () => now });
    expect(await list()).toEqual(['a', 'b']);
    expect(calls).toEqual([{ path: '/v1/models', auth: 'Bearer k' }]);
    now += 9 * 60_000;
    expect(await list()).toEqual(['a', 'b']);
    expect(calls).toHaveLength(1);
    now += 2 * 60_000;
    await expect(list()).rejects.toThrow("the provider's model list answered 503");
    now += 30_000;
    await expect(list()).rejects.toThrow('503');
    expect(calls).toHaveLength(2);
    now += 31_000;
    expect(await list()).toEqual(['c']);
    expect(calls).toHaveLength(3);
  });
});
