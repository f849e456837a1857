import { createParser } from 'eventsource-parser';

/**
 * A server-sent-events parser (`eventsource-parser`). Chunks may split lines, fields or even characters anywhere;
 * `push` buffers until an event is complete (a blank line) and calls `onData` with the event's data lines joined
 * by "\n". Comments (keep-alives) are skipped.
 */
export function createSseParser(onData: (data: string) => void) {
  const parser = createParser({ onEvent: (event) => onData(event.data) });
  return {
    push(chunk: string) {
      parser.feed(chunk);
    },
    /** the stream ended: a final event without its blank line still counts */
    end() {
      parser.feed('\n\n');
      parser.reset();
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
