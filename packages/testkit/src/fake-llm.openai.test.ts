// Proves the fake speaks OpenAI's protocol by driving it with the provider the product uses (@ai-sdk/openai).
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, embed, embedMany, generateText, streamText, tool } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeLlm, startFakeLlm } from './fake-llm';

const API_KEY = 'sk-test-key';
let fake: FakeLlm;
let openai: ReturnType<typeof createOpenAI>;

beforeAll(async () => {
  fake = await startFakeLlm({ apiKey: API_KEY });
  openai = createOpenAI({ baseURL: fake.url, apiKey: API_KEY });
});
beforeEach(() => fake.reset());
afterAll(() => fake.close());

const weatherTool = tool({
  description: 'Weather of a city',
  inputSchema: z.object({ city: z.string(), days: z.number() }),
});

describe('chat completions through @ai-sdk/openai', () => {
  it('streams scripted chunks in order, with usage', async () => {
    fake.enqueue({
      chunks: ['Hel', 'lo, ', 'wor', 'ld!'],
      usage: { prompt_tokens: 11, completion_tokens: 4, cached_tokens: 3 },
    });
    const result = streamText({ model: openai.chat('gpt-4o-mini'), prompt: 'Say hello' });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);

    expect(deltas).toEqual(['Hel', 'lo, ', 'wor', 'ld!']);
    const usage = await result.usage;
    expect(usage.inputTokens).toBe(11);
    expect(usage.outputTokens).toBe(4);
    expect(usage.inputTokenDetails.cacheReadTokens).toBe(3);
    expect(await result.finishReason).toBe('stop');
  });

  it('answers unscripted calls from the request, with usage from lengths', async () => {
    const result = await generateText({ model: openai.chat('gpt-4o-mini'), prompt: 'What is BuildAI?' });
    expect(result.text).toBe('Fake answer to: What is BuildAI?');
    expect(result.usage.inputTokens).toBe(Math.ceil('What is BuildAI?'.length / 4));
    expect(result.usage.outputTokens).toBe(Math.ceil(result.text.length / 4));

    const streamed = streamText({ model: openai.chat('gpt-4o-mini'), prompt: 'Stream it please' });
    expect(await streamed.text).toBe('Fake answer to: Stream it please');
  });

  it('parses tool calls with their arguments, streamed and not', async () => {
    fake.enqueue([
      { toolCalls: [{ id: 'call_a', name: 'weather', arguments: { city: 'Paris', days: 3 } }] },
      { text: 'Checking.', toolCalls: [{ name: 'weather', arguments: { city: 'Oslo', days: 1 } }] },
    ]);
    const generated = await generateText({
      model: openai.chat('gpt-4o-mini'),
      prompt: 'Weather?',
      tools: { weather: weatherTool },
    });
    expect(generated.finishReason).toBe('tool-calls');
    expect(generated.toolCalls).toMatchObject([
      { toolCallId: 'call_a', toolName: 'weather', input: { city: 'Paris', days: 3 } },
    ]);

    const streamed = streamText({
      model: openai.chat('gpt-4o-mini'),
      prompt: 'Weather?',
      tools: { weather: weatherTool },
    });
    expect(await streamed.text).toBe('Checking.');
    expect(await streamed.toolCalls).toMatchObject([
      { toolName: 'weather', input: { city: 'Oslo', days: 1 } },
    ]);
    expect(await streamed.finishReason).toBe('tool-calls');
  });

  it('surfaces scripted errors as API errors with their status', async () => {
    fake.enqueue({ error: { status: 429, message: 'Rate limit reached for gpt-4o-mini' } });
    const failure = await generateText({
      model: openai.chat('gpt-4o-mini'),
      prompt: 'x',
      maxRetries: 0,
    }).catch((error: unknown) => error);
    expect(APICallError.isInstance(failure)).toBe(true);
    expect((failure as APICallError).statusCode).toBe(429);
    expect((failure as APICallError).message).toBe('Rate limit reached for gpt-4o-mini');

    fake.enqueue({ error: { status: 500, message: 'The server had an error' } });
    const errors: unknown[] = [];
    const streamed = streamText({
      model: openai.chat('gpt-4o-mini'),
      prompt: 'x',
      maxRetries: 0,
      onError: ({ error }) => void errors.push(error),
    });
    await streamed.consumeStream();
    expect(errors).toHaveLength(1);
    expect((errors[0] as APICallError).statusCode).toBe(500);
  });

  it('rejects a wrong API key with 401', async () => {
    const wrong = createOpenAI({ baseURL: fake.url, apiKey: 'sk-wrong' });
    const failure = await generateText({
      model: wrong.chat('gpt-4o-mini'),
      prompt: 'x',
      maxRetries: 0,
    }).catch((error: unknown) => error);
    expect((failure as APICallError).statusCode).toBe(401);
    expect((failure as APICallError).message).toMatch(/Incorrect API key/);
  });

  it('keeps a hanging stream open until the client cancels', async () => {
    fake.enqueue({ text: 'partial answer', hang: true });
    const controller = new AbortController();
    const streamed = streamText({
      model: openai.chat('gpt-4o-mini'),
      prompt: 'x',
      abortSignal: controller.signal,
      onError: () => {},
    });
    const deltas: string[] = [];
    for await (const delta of streamed.textStream) {
      deltas.push(delta);
      if (deltas.join('') === 'partial answer') controller.abort();
    }
    expect(deltas.join('')).toBe('partial answer');
    await expect.poll(() => fake.requests[0]?.aborted).toBe(true);
  });

  it('records requests with method, path, headers and body', async () => {
    fake.respondWith((request) => ({ text: `seen ${request.path}` }));
    const result = await generateText({
      model: openai.chat('gpt-4o-mini'),
      system: 'Be brief.',
      prompt: 'Hi',
      temperature: 0.2,
    });
    expect(result.text).toBe('seen /v1/chat/completions');
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request!.body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
    });
  });
});

describe('embeddings through @ai-sdk/openai', () => {
  it('returns deterministic unit vectors that are closer for texts sharing words', async () => {
    const model = openai.embedding('text-embedding-3-small');
    const { embeddings, usage } = await embedMany({
      model,
      values: ['red apples and pears', 'red apples', 'quantum tax law'],
    });
    expect(embeddings).toHaveLength(3);
    for (const vector of embeddings) {
      expect(vector).toHaveLength(8);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 6);
    }
    const dot = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * b[i]!, 0);
    expect(dot(embeddings[0]!, embeddings[1]!)).toBeGreaterThan(dot(embeddings[0]!, embeddings[2]!));
    expect(usage.tokens).toBeGreaterThan(0);

    const again = await embed({ model, value: 'red apples' });
    expect(again.embedding).toEqual(embeddings[1]);
  });

  it('honours the requested dimensions', async () => {
    const { embedding } = await embed({
      model: openai.embedding('text-embedding-3-small'),
      value: 'hello',
      providerOptions: { openai: { dimensions: 32 } },
    });
    expect(embedding).toHaveLength(32);
  });
});
