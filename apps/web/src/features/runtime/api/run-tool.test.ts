import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError, errorCatalogue, type RunEvent } from '@buildai/domain';
import { runTool } from './run-tool';

function sseResponse(chunks: string[]) {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      chunks.forEach((s) => c.enqueue(enc.encode(s)));
      c.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('runTool', () => {
  it("passes on only the events of the domain's schema", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          sseResponse([
            'data: {"type":"delta"}\n\n',
            'data: {"type":"delta","text":5}\n\n',
            'data: {"type":"surprise","text":"x"}\n\n',
            'data: not json\n\n',
            'data: {"type":"delta","text":"kept"}\n\n',
          ]),
        ),
    );
    const events: RunEvent[] = [];
    await runTool({ appId: 'a', toolPath: 't', inputs: {}, onEvent: (e) => events.push(e) });
    expect(events).toEqual([{ type: 'delta', text: 'kept' }]);
  });

  it('reads RunEvents split across network reads', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        sseResponse([
          'data: {"type":"start","runId":"r1","mod',
          'el":"gpt-4o-mini"}\n',
          '\ndata: {"type":"delta","text":"Hello"}\n\ndata: {"type":"del',
          'ta","text":" world\\n"}\n\n: ping\n\n',
          'data: {"type":"finish","runId":"r1","usage":null}\n\n',
        ]),
      );
    vi.stubGlobal('fetch', fetchMock);
    const events: RunEvent[] = [];
    await runTool({
      appId: 'a 1',
      toolPath: 'my-tool',
      inputs: { topic: 'x' },
      onEvent: (e) => events.push(e),
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/apps/a%201/tools/my-tool/run');
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ inputs: { topic: 'x' } });
    expect(events).toEqual([
      { type: 'start', runId: 'r1', model: 'gpt-4o-mini' },
      { type: 'delta', text: 'Hello' },
      { type: 'delta', text: ' world\n' },
      { type: 'finish', runId: 'r1', usage: null },
    ]);
  });

  it('throws the AppError of a JSON error answered before streaming', async () => {
    const { message, status } = errorCatalogue['ai/not-configured'];
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          new Response(JSON.stringify({ error: { code: 'ai/not-configured', message } }), { status }),
        ),
    );
    const err = await runTool({ appId: 'a', toolPath: 't', inputs: {}, onEvent: () => {} }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'ai/not-configured', status: 503, message });
  });
});
