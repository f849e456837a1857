/**
 * A server-sent-events parser (the subset of the WHATWG format our API sends). Chunks may split lines, fields or
 * even characters anywhere; `push` buffers until an event is complete (a blank line) and calls `onData` with the
 * event's data lines joined by "\n".
 */
export function createSseParser(onData: (data: string) => void) {
  let buffer = '';
  let data: string[] = [];

  function dispatch() {
    if (data.length > 0) onData(data.join('\n'));
    data = [];
  }

  function line(text: string) {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return; // comment / keep-alive
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
  }

  return {
    push(chunk: string) {
      buffer += chunk;
      let idx: number;
      while ((idx = buffer.search(/\r\n|\r|\n/)) >= 0) {
        // a lone "\r" at the end may be the first half of "\r\n": wait for the next chunk
        if (buffer[idx] === '\r' && idx === buffer.length - 1) break;
        const sep = buffer[idx] === '\r' && buffer[idx + 1] === '\n' ? 2 : 1;
        line(buffer.slice(0, idx));
        buffer = buffer.slice(idx + sep);
      }
    },
    /** the stream ended: a final event without its blank line still counts */
    end() {
      if (buffer.length > 0) line(buffer.replace(/\r$/, ''));
      buffer = '';
      dispatch();
    },
  };
}

/** Reads a byte stream of server-sent events to its end, decoding UTF-8 across chunk boundaries. */
export async function readSseStream(
  body: ReadableStream<Uint8Array>,
  onData: (data: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser(onData);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
