// The same protocol through @ai-sdk/openai-compatible, the provider used for local and compatible servers.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, embedMany, generateText, streamText, tool } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeLlm, startFakeLlm } from './fake-llm';

let fake: FakeLlm;
let provider: ReturnType<typeof createOpenAICompatible>;

beforeAll(async () => {
  fake = await startFakeLlm({ embeddingDimensions: 16 });
  provider = createOpenAICompatible({ name: 'fake', baseURL: fake.url, includeUsage: true });
});
beforeEach(() => fake.reset());
afterAll(() => fake.close());

describe('@ai-sdk/openai-compatible against the fake', () => {
  it('streams text in order with usage', async () => {
    fake.enqueue({
      text: 'one two three four',
      usage: { prompt_tokens: 7, completion_tokens: 4 },
      delayMs: 5,
    });
    const result = streamText({ model: provider.chatModel('gpt-4o-mini'), prompt: 'count' });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas).toEqual(['one ', 'two ', 'three ', 'four']);
    const usage = await result.usage;
    expect(usage.inputTokens).toBe(7);
    expect(usage.outputTokens).toBe(4);
    expect(fake.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('parses streamed tool calls, including several at once', async () => {
    fake.enqueue({
      toolCalls: [
        { name: 'lookup', arguments: { query: 'pricing' } },
        { name: 'lookup', arguments: '{"query":"refunds"}' },
      ],
    });
    const result = streamText({
      model: provider.chatModel('gpt-4o-mini'),
      prompt: 'find',
      tools: { lookup: tool({ inputSchema: z.object({ query: z.string() }) }) },
    });
    const calls = await result.toolCalls;
    expect(calls.map((call) => call.input)).toEqual([{ query: 'pricing' }, { query: 'refunds' }]);
    expect(new Set(calls.map((call) => call.toolCallId)).size).toBe(2);
  });

  it('surfaces scripted errors with status', async () => {
    fake.enqueue({ error: { status: 400, message: 'Bad prompt', code: 'bad_prompt' } });
    const failure = await generateText({ model: provider.chatModel('gpt-4o-mini'), prompt: 'x' }).catch(
      (error: unknown) => error,
    );
    expect(APICallError.isInstance(failure)).toBe(true);
    expect((failure as APICallError).statusCode).toBe(400);
    expect((failure as APICallError).message).toBe('Bad prompt');
  });

  it('embeds with the configured default dimensions', async () => {
    const { embeddings } = await embedMany({
      model: provider.embeddingModel('text-embedding-3-small'),
      values: ['a', 'b'],
    });
    expect(embeddings.map((vector) => vector.length)).toEqual([16, 16]);
  });
});
