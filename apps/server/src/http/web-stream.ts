import type { Readable } from 'node:stream';

/**
 * A Node stream as a web stream, a chunk at a time as the reader takes them. Not `Readable.toWeb`: in Node 20 (and
 * still on Node's main line) a chunk already on its way when the web stream is cancelled is enqueued on the closed
 * stream, and the `ERR_INVALID_STATE` that throws is uncaught (nodejs/node#54205, #64529). A model's answer whose
 * reader stops while the model still sends, or a file whose download the browser drops, would take the server
 * down. Cancelling destroys the Node stream: a model call's connection is closed, which stops the model; a file is
 * closed.
 */
export function webStreamOf(source: Readable): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        source.on('data', (chunk: Buffer) => {
          if (cancelled) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) source.pause();
        });
        source.on('end', () => {
          if (!cancelled) controller.close();
        });
        source.on('error', (err) => {
          if (!cancelled) controller.error(err);
        });
      },
      pull() {
        source.resume();
      },
      cancel(reason) {
        cancelled = true;
        source.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
