import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import snapshot from './models-snapshot.json';
import {
  createModelList,
  parseModelList,
  perMillion,
  priceUsage,
  snapshotSource,
  type ModelList,
} from './model-list';

const logger = pino({ level: 'silent' });

const tinyList = {
  data: [
    {
      id: 'openai/gpt-4o-mini',
      name: 'OpenAI: GPT-4o-mini',
      context_length: 128000,
      pricing: { prompt: '0.0000002', completion: '0.0000008', input_cache_read: '0.0000001' },
    },
    {
      id: 'acme/widget-1',
      name: 'Acme: Widget 1',
      context_length: 32768,
      pricing: { prompt: '0.000001', completion: '0.000002', input_cache_write: '0.00000125' },
    },
  ],
};

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const servers: Server[] = [];
const lists: ModelList[] = [];

async function serve(handler: Handler): Promise<{ url: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits += 1;
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/v1/models`, hits: () => hits };
}

function json(body: unknown, status = 200): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}

function track(list: ModelList): ModelList {
  lists.push(list);
  return list;
}

afterEach(async () => {
  for (const list of lists.splice(0)) list.stop();
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

describe('bundled snapshot', () => {
  it('holds a recorded source and the default model with positive prices', () => {
    expect(snapshot.source.repository).toBeTruthy();
    expect(snapshot.source.path).toBeTruthy();
    expect(snapshotSource).toEqual(snapshot.source);

    const models = track(createModelList({ url: '' }));
    expect(models.source()).toBe('snapshot');
    expect(models.list().length).toBe(snapshot.data.length);

    const mini = models.find('openai/gpt-4o-mini');
    expect(mini).toBeDefined();
    expect(mini?.promptRate).toBeGreaterThan(0);
    expect(mini?.completionRate).toBeGreaterThan(0);
    expect(mini?.cacheReadRate).toBeGreaterThan(0);
    expect(mini?.contextLength).toBeGreaterThan(0);
  });

  it('converts every listed price to a rate per 1M tokens', () => {
    const models = track(createModelList({ url: '' }));
    for (const raw of snapshot.data) {
      const model = models.find(raw.id);
      expect(model, raw.id).toBeDefined();
      const prompt = Number(raw.pricing.prompt);
      expect(model?.promptRate).toBeCloseTo(prompt < 0 ? 0 : prompt * 1e6, 9);
    }
  });
});

describe('find', () => {
  it('matches the OpenRouter id and the bare provider id', () => {
    const models = track(createModelList({ url: '' }));
    const byFullId = models.find('openai/gpt-4o-mini');
    expect(byFullId?.id).toBe('openai/gpt-4o-mini');
    expect(models.find('gpt-4o-mini')).toBe(byFullId);
    expect(models.find(' GPT-4o-Mini ')).toBe(byFullId);
    expect(models.find('gemini-2.5-flash')?.id).toBe('google/gemini-2.5-flash');
    expect(models.find('gpt-oss-120b')?.id).toBe('openai/gpt-oss-120b');
  });

  it("maps Anthropic's dated ids to OpenRouter's dotted ones", () => {
    const models = track(createModelList({ url: '' }));
    expect(models.find('claude-sonnet-4-5-20250929')?.id).toBe('anthropic/claude-sonnet-4.5');
    expect(models.find('claude-sonnet-4-5')?.id).toBe('anthropic/claude-sonnet-4.5');
    expect(models.find('claude-opus-4-1-20250805')?.id).toBe('anthropic/claude-opus-4.1');
    expect(models.find('claude-haiku-4-5')?.id).toBe('anthropic/claude-haiku-4.5');
  });

  it('maps older Anthropic ids (claude-3-5-sonnet-20241022) when the list has them', async () => {
    const body = {
      data: [
        { id: 'anthropic/claude-3.5-sonnet', pricing: { prompt: '0.000003', completion: '0.000015' } },
        { id: 'anthropic/claude-3.7-sonnet', pricing: { prompt: '0.000003', completion: '0.000015' } },
      ],
    };
    const models = track(
      createModelList({ url: 'http://models.invalid/', fetch: async () => Response.json(body), logger }),
    );
    expect(await models.refresh()).toBe(true);
    expect(models.find('claude-3-5-sonnet-20241022')?.id).toBe('anthropic/claude-3.5-sonnet');
    expect(models.find('claude-3-7-sonnet-latest')?.id).toBe('anthropic/claude-3.7-sonnet');
  });

  it('answers undefined for unknown ids', () => {
    const models = track(createModelList({ url: '' }));
    expect(models.find('no-such-model')).toBeUndefined();
    expect(models.find('openai/no-such-model')).toBeUndefined();
    expect(models.find('')).toBeUndefined();
  });

  it('prefers openai/ then anthropic/ when several providers share a bare id', async () => {
    const entry = (id: string) => ({
      id,
      name: id,
      context_length: 1000,
      pricing: { prompt: '0', completion: '0' },
    });
    const { url } = await serve(
      json({ data: [entry('zeta/foo'), entry('anthropic/foo'), entry('openai/foo')] }),
    );
    const models = track(createModelList({ url, logger }));
    expect(await models.refresh()).toBe(true);
    expect(models.find('foo')?.id).toBe('openai/foo');

    const { url: url2 } = await serve(json({ data: [entry('zeta/bar'), entry('anthropic/bar')] }));
    const others = track(createModelList({ url: url2, logger }));
    expect(await others.refresh()).toBe(true);
    expect(others.find('bar')?.id).toBe('anthropic/bar');
  });
});

describe('perMillion', () => {
  it('shifts the decimal point without float noise', () => {
    expect(perMillion('0.00000015')).toBe(0.15);
    expect(perMillion('0.0000006')).toBe(0.6);
    expect(perMillion('0.000000075')).toBe(0.075);
    expect(perMillion('1e-7')).toBe(0.1);
    expect(perMillion(0.000003)).toBe(3);
    expect(perMillion('0')).toBe(0);
    expect(perMillion('-1')).toBe(-1000000);
    expect(perMillion('abc')).toBeUndefined();
    expect(perMillion(undefined)).toBeUndefined();
  });

  it('treats negative (router) prices as zero and missing cache prices as the prompt rate', () => {
    const [router, plain] = parseModelList({
      data: [
        { id: 'openrouter/auto', pricing: { prompt: '-1', completion: '-1' } },
        {
          id: 'x/plain',
          name: 'Plain',
          context_length: 4096,
          pricing: { prompt: '0.000001', completion: '0.000002' },
        },
      ],
    });
    expect(router).toMatchObject({ id: 'openrouter/auto', name: 'openrouter/auto', contextLength: null });
    expect(router?.promptRate).toBe(0);
    expect(router?.completionRate).toBe(0);
    expect(plain).toEqual({
      id: 'x/plain',
      name: 'Plain',
      contextLength: 4096,
      promptRate: 1,
      completionRate: 2,
      cacheReadRate: 1,
      cacheWriteRate: 1,
    });
  });
});

describe('priceUsage', () => {
  const now = new Date('2026-02-01T10:00:00.000Z');

  it('prices a call on a known model, cached input at the cache rate', () => {
    const models = track(createModelList({ url: '' }));
    const mini = models.find('gpt-4o-mini');
    expect(mini).toMatchObject({ promptRate: 0.15, completionRate: 0.6, cacheReadRate: 0.075 });

    const record = priceUsage(
      mini,
      { inputTokens: 10_000, outputTokens: 2_000, cacheReadTokens: 4_000 },
      { finishReason: 'stop', modelId: 'gpt-4o-mini', now },
    );
    // Prompt rate on the 6,000 uncached input tokens only; the 4,000 cached ones at the cache rate.
    expect(record.promptCost).toBe((6_000 * 0.15) / 1e6);
    expect(record.cacheReadCost).toBe((4_000 * 0.075) / 1e6);
    expect(record.completionCost).toBe((2_000 * 0.6) / 1e6);
    expect(record.totalCost).toBe(record.promptCost + record.completionCost + record.cacheReadCost);
    expect(record.promptCost).toBeCloseTo(0.0009, 15);
    expect(record.cacheReadCost).toBeCloseTo(0.0003, 15);
    expect(record.completionCost).toBeCloseTo(0.0012, 15);
    expect(record.totalCost).toBeCloseTo(0.0024, 15);
    expect(record).toMatchObject({
      promptTokens: 10_000,
      promptRate: 0.15,
      completionTokens: 2_000,
      completionRate: 0.6,
      totalTokens: 12_000,
      cacheReadTokens: 4_000,
      cacheReadRate: 0.075,
      cacheWriteTokens: 0,
      cacheWriteCost: 0,
      cacheWriteRate: 0.15,
      finishReason: 'stop',
      timestamp: '2026-02-01T10:00:00.000Z',
      modelInfo: { model: 'gpt-4o-mini' },
    });
  });

  it('charges cache writes at the cache-write rate', () => {
    const models = track(createModelList({ url: '' }));
    const sonnet = models.find('anthropic/claude-sonnet-4.5');
    expect(sonnet).toMatchObject({
      promptRate: 3,
      completionRate: 15,
      cacheReadRate: 0.3,
      cacheWriteRate: 3.75,
    });
    const record = priceUsage(
      sonnet,
      { inputTokens: 5_000, outputTokens: 100, cacheReadTokens: 1_000, cacheWriteTokens: 2_000 },
      { finishReason: 'length', modelId: 'claude-sonnet-4-5', now },
    );
    expect(record.promptCost).toBe((2_000 * 3) / 1e6);
    expect(record.cacheReadCost).toBe((1_000 * 0.3) / 1e6);
    expect(record.cacheWriteCost).toBe((2_000 * 3.75) / 1e6);
    expect(record.completionCost).toBe((100 * 15) / 1e6);
    expect(record.totalCost).toBeCloseTo(0.006 + 0.0003 + 0.0075 + 0.0015, 15);
  });

  it('answers zero rates and costs for an unknown model', () => {
    const record = priceUsage(
      undefined,
      { inputTokens: 1_234, outputTokens: 56, cacheReadTokens: 7 },
      { finishReason: 'stop', modelId: 'local-llama', now },
    );
    expect(record).toEqual({
      promptTokens: 1_234,
      promptCost: 0,
      promptRate: 0,
      completionTokens: 56,
      completionCost: 0,
      completionRate: 0,
      totalTokens: 1_290,
      totalCost: 0,
      cacheReadTokens: 7,
      cacheReadCost: 0,
      cacheReadRate: 0,
      cacheWriteTokens: 0,
      cacheWriteCost: 0,
      cacheWriteRate: 0,
      finishReason: 'stop',
      timestamp: '2026-02-01T10:00:00.000Z',
      modelInfo: { model: 'local-llama' },
    });
  });
});

describe('refresh', () => {
  it('replaces the list with a live one from the url', async () => {
    const server = await serve(json(tinyList));
    const models = track(createModelList({ url: server.url, logger }));
    const before = models.list().length;
    expect(await models.refresh()).toBe(true);
    expect(server.hits()).toBe(1);
    expect(models.source()).toBe('live');
    expect(models.list().map((m) => m.id)).toEqual(['openai/gpt-4o-mini', 'acme/widget-1']);
    expect(models.list().length).not.toBe(before);
    expect(models.find('gpt-4o-mini')).toMatchObject({
      promptRate: 0.2,
      completionRate: 0.8,
      cacheReadRate: 0.1,
    });
    expect(models.find('widget-1')).toMatchObject({
      contextLength: 32768,
      cacheReadRate: 1,
      cacheWriteRate: 1.25,
    });
    expect(models.find('anthropic/claude-sonnet-4.5')).toBeUndefined();
  });

  it.each([
    ['a server error', json({ error: 'down' }, 500)],
    [
      'garbage',
      ((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('<html>not json');
      }) as Handler,
    ],
    ['an empty list', json({ data: [] })],
    ['an unexpected shape', json({ models: tinyList.data })],
  ])('keeps the snapshot on %s and answers false', async (_name, handler) => {
    const server = await serve(handler);
    const warn = vi.fn();
    const models = track(createModelList({ url: server.url, logger: { info: vi.fn(), warn } }));
    const before = models.list();
    await expect(models.refresh()).resolves.toBe(false);
    expect(server.hits()).toBe(1);
    expect(models.source()).toBe('snapshot');
    expect(models.list()).toEqual(before);
    expect(models.find('openai/gpt-4o-mini')?.promptRate).toBe(0.15);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('gives up after the timeout and keeps the snapshot', async () => {
    let hungUp = false;
    const server = await serve((_req, res) => {
      // never answers; notes when the client gives up
      res.on('close', () => (hungUp = true));
    });
    const models = track(createModelList({ url: server.url, logger, timeoutMs: 100 }));
    await expect(models.refresh()).resolves.toBe(false);
    await vi.waitFor(() => expect(hungUp).toBe(true));
    expect(models.source()).toBe('snapshot');
  });

  it('keeps the snapshot when the server cannot be reached', async () => {
    const server = await serve(json(tinyList));
    const url = server.url;
    await new Promise<void>((resolve) => servers.pop()?.close(() => resolve()));
    const models = track(createModelList({ url, logger }));
    await expect(models.refresh()).resolves.toBe(false);
    expect(models.source()).toBe('snapshot');
  });

  it('never fetches with an empty url', async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    const models = track(createModelList({ url: '', fetch: fetchSpy, logger }));
    expect(await models.refresh()).toBe(false);
    models.start();
    models.stop();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(models.source()).toBe('snapshot');
  });

  it('uses the given fetch and shares a refresh already under way', async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => Response.json(tinyList));
    const models = track(createModelList({ url: 'http://models.invalid/list', fetch: fetchSpy, logger }));
    const [a, b] = await Promise.all([models.refresh(), models.refresh()]);
    expect(a).toBe(true);
    expect(b).toBe(true);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('http://models.invalid/list');
  });

  it('start refreshes in the background and again on the interval; stop ends it', async () => {
    const server = await serve(json(tinyList));
    const models = track(createModelList({ url: server.url, logger, refreshIntervalMs: 50 }));
    models.start();
    await vi.waitFor(() => expect(models.source()).toBe('live'));
    await vi.waitFor(() => expect(server.hits()).toBeGreaterThanOrEqual(2));
    models.stop();
    const hits = server.hits();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.hits()).toBeLessThanOrEqual(hits + 1);
  });
});
