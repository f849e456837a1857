// The raw wire format and the control API, checked with plain fetch.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from './fake-llm';
import { fakeLlmControl } from './fake-llm-control';

let fake: FakeLlm;

beforeAll(async () => {
  fake = await startFakeLlm({ apiKey: 'sk-wire' });
});
beforeEach(() => fake.reset());
afterAll(() => fake.close());

function post(path: string, body: unknown, apiKey = 'sk-wire'): Promise<Response> {
  return fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

interface StreamChunk {
  choices: {
    delta: { content?: string; tool_calls?: { function: { arguments: string } }[] };
    finish_reason: string | null;
  }[];
}

function sseData(text: string): unknown[] {
  return text
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => event.slice('data: '.length))
    .map((data) => (data === '[DONE]' ? data : JSON.parse(data)));
}

describe('wire format', () => {
  it('sends a chat.completion object', async () => {
    fake.enqueue({ text: 'Hi there', usage: { prompt_tokens: 5, completion_tokens: 2 } });
    const response = await post('/chat/completions', {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hi there' }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: 5,
        completion_tokens: 2,
        total_tokens: 7,
        prompt_tokens_details: { cached_tokens: 0 },
      },
    });
  });

  it('streams chunks, then usage with empty choices, then [DONE]', async () => {
    fake.enqueue({ text: 'a b', toolCalls: [{ id: 'call_1', name: 'f', arguments: { x: 1 } }] });
    const response = await post('/chat/completions', {
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = sseData(await response.text());
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = events.slice(0, -1) as StreamChunk[];
    expect(chunks[0]!.choices[0]!.delta).toMatchObject({ role: 'assistant' });
    const content = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
    expect(content).toBe('a b');
    const toolDeltas = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
    expect(toolDeltas[0]).toEqual({
      index: 0,
      id: 'call_1',
      type: 'function',
      function: { name: 'f', arguments: '' },
    });
    expect(toolDeltas.map((delta) => delta.function.arguments).join('')).toBe('{"x":1}');
    expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe('tool_calls');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 1 } });
  });

  it('streams tool-call arguments over several chunks, and cuts a call off with finish_reason length', async () => {
    // scripted over HTTP, as an e2e run in another process does
    await fakeLlmControl(fake.url).enqueue([
      {
        toolCalls: [
          { name: 'add_file', arguments: { path: 'a.tsx', content: 'x'.repeat(40) }, argumentChunks: 5 },
        ],
      },
      {
        text: 'Writing.',
        toolCalls: [{ name: 'edit_file', arguments: { path: 'b.tsx', content: 'abcdef' }, cutAt: 30 }],
      },
    ]);
    const stream = async () => {
      const response = await post('/chat/completions', {
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
      });
      const chunks = sseData(await response.text()).slice(0, -1) as StreamChunk[];
      const pieces = chunks
        .flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? [])
        .map((delta) => delta.function.arguments)
        .filter((piece) => piece !== '');
      return { pieces, finish: chunks.at(-1)!.choices[0]!.finish_reason };
    };
    const whole = await stream();
    expect(whole.pieces).toHaveLength(5);
    expect(JSON.parse(whole.pieces.join(''))).toEqual({ path: 'a.tsx', content: 'x'.repeat(40) });
    expect(whole.finish).toBe('tool_calls');
    const cut = await stream();
    expect(cut.pieces.join('')).toBe(JSON.stringify({ path: 'b.tsx', content: 'abcdef' }).slice(0, 30));
    expect(cut.pieces.length).toBeGreaterThan(1);
    expect(cut.finish).toBe('length');
  });

  it('answers 401 in OpenAI error format without the right key', async () => {
    const response = await post('/chat/completions', { messages: [] }, 'sk-other');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        message: expect.any(String),
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
  });

  it('lists models and embeds in base64 like openai-node asks', async () => {
    const models = await fetch(`${fake.url}/models`, { headers: { authorization: 'Bearer sk-wire' } });
    const { data } = (await models.json()) as { data: { id: string }[] };
    expect(data.map((model) => model.id)).toContain('gpt-4o-mini');

    const response = await post('/embeddings', {
      input: 'hello world',
      encoding_format: 'base64',
      dimensions: 4,
    });
    const body = (await response.json()) as { data: { embedding: string }[] };
    const bytes = Buffer.from(body.data[0]!.embedding, 'base64');
    const vector = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    expect(vector).toHaveLength(4);
    expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
  });
});

describe('control API', () => {
  it('enqueues, lists requests and resets over HTTP', async () => {
    const control = fakeLlmControl(fake.url);
    await control.enqueue([{ text: 'first' }, { text: 'second' }]);
    const ask = async () => {
      const response = await post('/chat/completions', { messages: [{ role: 'user', content: 'q' }] });
      return ((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message
        .content;
    };
    expect([await ask(), await ask(), await ask()]).toEqual(['first', 'second', 'Fake answer to: q']);
    const requests = await control.requests();
    expect(requests).toHaveLength(3);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      body: { messages: [{}] },
    });

    await control.enqueue({ text: 'dropped' });
    await control.reset();
    expect(await control.requests()).toEqual([]);
    expect(await ask()).toBe('Fake answer to: q');
  });

  it('holds a reply after its first chunks until the test releases it, in process or over HTTP', async () => {
    const control = fakeLlmControl(fake.url);
    fake.enqueue({ chunks: ['one ', 'two ', 'three'], hold: 'turn', holdAfter: 2 });
    const response = await post('/chat/completions', {
      messages: [{ role: 'user', content: 'q' }],
      stream: true,
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('two ')) text += (await reader.read()).value ?? '';
    // nothing more comes while the reply is held
    const more = reader.read();
    const early = await Promise.race([
      more.then(() => 'more'),
      new Promise((r) => setTimeout(r, 150, 'held')),
    ]);
    expect(early).toBe('held');
    expect(text).not.toContain('three');
    await control.release('turn');
    for (let chunk = await more; !chunk.done; chunk = await reader.read()) text += chunk.value;
    expect(text).toContain('three');
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);

    // released before it is asked for: the reply goes straight through
    fake.release('early');
    fake.enqueue({ text: 'at once', hold: 'early' });
    const answer = await post('/chat/completions', { messages: [{ role: 'user', content: 'q' }] });
    expect(
      ((await answer.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content,
    ).toBe('at once');
  });

  it('runs as a CLI that prints its URL', async () => {
    const cli = fileURLToPath(new URL('./fake-llm-cli.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', cli], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      const { url } = JSON.parse(line) as { url: string };
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      await fakeLlmControl(url).enqueue({ text: 'from the CLI' });
      const response = await fetch(`${url}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ messages: [{ role: 'user', content: 'x' }] }),
      });
      expect(await response.json()).toMatchObject({ choices: [{ message: { content: 'from the CLI' } }] });
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});
