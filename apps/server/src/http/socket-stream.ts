import type { ServerResponse } from 'node:http';
import type { Ctx } from './context';
import { servedByNodeHandler } from './node-handler';

/** What a stream written straight to the socket is told of the connection. */
export interface SocketWriter {
  /** writes one piece; resolves once the socket takes more (at once, or after it drained) */
  write(text: string): Promise<void>;
  end(): void;
  /** true once the browser went away (the connection closed before `end`) */
  readonly closed: boolean;
  /** called once if the browser goes away before `end` */
  onClose(listener: () => void): void;
}

/**
 * Answers with a stream written straight to Node's response: no web `ReadableStream` in between, whose creation
 * and per-chunk promise hops are a large share of a streamed run's CPU on Node 20 (decision 0005-house-order
 * "Speed", session 23). The headers are those set on the context before (the end user's cookie) and `headers`;
 * they leave with the first piece written (one write on the socket less per run: session 24). `write` runs after
 * this returns, with the connection. The node handler (`createNodeHandler`) sees the headers sent and tells
 * `@hono/node-server` the answer is already sent, whatever the Hono app's middleware did with the returned
 * `Response` (which only stands for the answer in the request's log line). Returns null when the request did not
 * come through that handler (an in-process request): the caller answers with a web stream instead.
 */
export function streamToSocket(
  c: Ctx,
  headers: Record<string, string>,
  write: (socket: SocketWriter) => Promise<void>,
): Response | null {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing || !servedByNodeHandler(outgoing)) return null;
  // the headers as Hono would send them: those prepared on the context (each cookie its own), then the stream's own
  outgoing.setHeaders(c.body(null, 200, headers).headers);
  // not flushed: they leave with the first piece, in one write on the socket rather than two
  outgoing.writeHead(200);

  let closed = false;
  const listeners: (() => void)[] = [];
  const close = () => {
    if (closed) return;
    closed = true;
    for (const listener of listeners.splice(0)) listener();
  };
  // 'close' before the end is the browser going away (after `end`, `writableFinished` is true)
  outgoing.once('close', () => {
    if (!outgoing.writableFinished) close();
  });
  const socket: SocketWriter = {
    get closed() {
      return closed;
    },
    onClose: (listener) => {
      if (closed) listener();
      else listeners.push(listener);
    },
    write: (text) => {
      if (closed || outgoing.write(text)) return Promise.resolve();
      // until the socket drained, or closed (no drain comes then)
      return new Promise<void>((resolve) => {
        const done = () => {
          outgoing.off('drain', done);
          outgoing.off('close', done);
          resolve();
        };
        outgoing.on('drain', done);
        outgoing.on('close', done);
      });
    },
    end: () => {
      if (!closed) outgoing.end();
    },
  };
  void write(socket).catch((err: unknown) => {
    c.get('platform').logger.error({ err }, 'a stream to the socket failed');
    outgoing.destroy();
  });
  return c.body(null, 200);
}
