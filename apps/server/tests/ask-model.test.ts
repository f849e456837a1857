import { APICallError, type LanguageModelV3, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { askModel, retryDelayMs, type ModelPart } from '../src/features/runtime';

// A tool run asks the provider's model directly (`doStream`). The HTTP behaviour is covered by runtime.test.ts
// against the fake model; here the provider interface is driven to the cases the fake model cannot produce (a
// `retry-after` header on a refusal) and the retry rule is held to the AI SDK's: one retry, of passing refusals only.

const refusal = (status: number, headers: Record<string, string> = {}) =>
  new APICallError({
    message: `refused with ${status}`,
    url: 'http://model.test/v1/chat/completions',
    requestBodyValues: {},
    statusCode: status,
    responseHeaders: headers,
    isRetryable: status === 429 || status >= 500,
  });

const answer = (...texts: string[]): ReadableStream<LanguageModelV3StreamPart> =>
  new ReadableStream({
    start(controller) {
      controller.enqueue({ type: 'stream-start', warnings: [] });
      controller.enqueue({ type: 'text-start', id: 't' });
      for (const delta of texts) controller.enqueue({ type: 'text-delta', id: 't', delta });
      controller.enqueue({ type: 'text-end', id: 't' });
      controller.enqueue({
        type: 'finish',
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 10, noCache: 8, cacheRead: 2, cacheWrite: undefined },
          outputTokens: { total: 4, text: 4, reasoning: undefined },
        },
      });
      controller.close();
    },
  });

/** A model of the provider interface whose calls answer in turn from `replies`. */
function model(replies: (APICallError | ReadableStream<LanguageModelV3StreamPart>)[]) {
  const calls: unknown[] = [];
  const m: LanguageModelV3 = {
    specificationVersion: 'v3',
    provider: 'test',
    modelId: 'test-model',
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error('not used')),
    doStream: (options) => {
      calls.push(options.prompt);
      const reply = replies.shift();
      if (!reply) return Promise.reject(new Error('no reply left'));
      return reply instanceof APICallError ? Promise.reject(reply) : Promise.resolve({ stream: reply });
    },
  };
  return { m, calls };
}

async function read(m: LanguageModelV3) {
  const finished: unknown[] = [];
  const { parts } = askModel({
    model: m,
    prompt: 'Say hello',
    context: null,
    temperature: 0.7,
    abortSignal: new AbortController().signal,
    onFinish: (f) => finished.push(f),
  });
  const seen: ModelPart[] = [];
  for await (const part of parts) seen.push(part);
  return { seen, finished };
}

describe('asking the model through the provider interface', () => {
  it('streams the text after a start, and reports the usage of the finish', async () => {
    const { m, calls } = model([answer('Hel', '', 'lo')]);
    const { seen, finished } = await read(m);
    expect(seen).toEqual([{ type: 'start' }, { type: 'text', text: 'Hel' }, { type: 'text', text: 'lo' }]);
    expect(finished).toEqual([
      {
        tokens: { inputTokens: 10, outputTokens: 4, cacheReadTokens: 2, cacheWriteTokens: 0 },
        finishReason: 'stop',
      },
    ]);
    expect(calls).toEqual([[{ role: 'user', content: [{ type: 'text', text: 'Say hello' }] }]]);
  });

  it('retries a passing refusal once, after the wait it asks for', async () => {
    const { m, calls } = model([refusal(429, { 'retry-after-ms': '30' }), answer('ok')]);
    const started = performance.now();
    const { seen } = await read(m);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(seen.at(-1)).toEqual({ type: 'text', text: 'ok' });
    expect(calls).toHaveLength(2);
  });

  it('fails after the one retry, and does not retry a refusal that will not pass', async () => {
    const twice = model([
      refusal(503, { 'retry-after': '0' }),
      refusal(503, { 'retry-after': '0' }),
      answer('x'),
    ]);
    const failed = await read(twice.m);
    expect(failed.seen).toHaveLength(1);
    expect(failed.seen[0]).toMatchObject({ type: 'error', error: { statusCode: 503 } });
    expect(twice.calls).toHaveLength(2);

    const bad = model([refusal(400), answer('x')]);
    const refused = await read(bad.m);
    expect(refused.seen[0]).toMatchObject({ type: 'error', error: { statusCode: 400 } });
    expect(bad.calls).toHaveLength(1);
  });

  it('tells when the provider answered, before any part is read, and never rejects', async () => {
    let accept!: (value: { stream: ReadableStream<LanguageModelV3StreamPart> }) => void;
    const held: LanguageModelV3 = {
      ...model([]).m,
      doStream: () => new Promise((resolve) => (accept = resolve)),
    };
    const options = {
      prompt: 'Say hello',
      context: null,
      temperature: 0.7,
      abortSignal: new AbortController().signal,
      onFinish: () => {},
    };
    const asked = askModel({ ...options, model: held });
    let answered = false;
    void asked.answered.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    accept({ stream: answer('hi') });
    await asked.answered;
    const seen: ModelPart[] = [];
    for await (const part of asked.parts) seen.push(part);
    expect(seen).toEqual([{ type: 'start' }, { type: 'text', text: 'hi' }]);

    // a refusal that will not pass settles it too; the failure is read from the parts
    const refused = askModel({ ...options, model: model([refusal(401)]).m });
    await expect(refused.answered).resolves.toBeUndefined();
    const parts: ModelPart[] = [];
    for await (const part of refused.parts) parts.push(part);
    expect(parts[0]).toMatchObject({ type: 'error', error: { statusCode: 401 } });
  });
});

describe('the wait before a retry', () => {
  const now = Date.parse('2026-12-04T12:00:00Z');
  it('is what the provider asks for, in milliseconds, seconds or as a date, up to a minute', () => {
    expect(retryDelayMs(refusal(429, { 'retry-after-ms': '1500' }), now)).toBe(1500);
    expect(retryDelayMs(refusal(429, { 'retry-after': '3' }), now)).toBe(3000);
    expect(retryDelayMs(refusal(429, { 'retry-after': 'Fri, 04 Dec 2026 12:00:05 GMT' }), now)).toBe(5000);
  });
  it('is two seconds when the provider does not say, or asks for more than a minute', () => {
    expect(retryDelayMs(refusal(429), now)).toBe(2000);
    expect(retryDelayMs(refusal(429, { 'retry-after': '600' }), now)).toBe(2000);
    expect(retryDelayMs(new Error('network'), now)).toBe(2000);
  });
});
