import { describe, expect, it } from 'vitest';
import { createSseParser, readSseStream } from './sse';

function streamOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(typeof c === 'string' ? enc.encode(c) : c);
      controller.close();
    },
  });
}

describe('SSE parser', () => {
  it('joins events split across chunks at any point', () => {
    const out: string[] = [];
    const p = createSseParser((d) => out.push(d));
    const text = 'data: {"type":"start"}\n\ndata: {"type":"delta","text":"Hi"}\n\n';
    for (const ch of text) p.push(ch);
    p.end();
    expect(out).toEqual(['{"type":"start"}', '{"type":"delta","text":"Hi"}']);
  });

  it('handles CRLF split between chunks, comments, multi-line data and a final event without blank line', () => {
    const out: string[] = [];
    const p = createSseParser((d) => out.push(d));
    p.push(': keep-alive\r');
    p.push('\n\r\ndata: a\r');
    p.push('\ndata: b\r\n\r\n');
    p.push('event: x\nid: 1\ndata:c');
    p.end();
    expect(out).toEqual(['a\nb', 'c']);
  });

  it('decodes multi-byte characters split between reads', async () => {
    const bytes = new TextEncoder().encode('data: {"type":"delta","text":"héllo 👋"}\n\n');
    const cut = bytes.indexOf(0xc3) + 1; // inside "é"
    const cut2 = bytes.indexOf(0xf0) + 2; // inside the emoji
    const out: string[] = [];
    await readSseStream(streamOf([bytes.slice(0, cut), bytes.slice(cut, cut2), bytes.slice(cut2)]), (d) =>
      out.push(d),
    );
    expect(out.map((d) => JSON.parse(d) as unknown)).toEqual([{ type: 'delta', text: 'héllo 👋' }]);
  });
});
