import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError, requestTooLargeMessage } from '@buildai/domain';
import type { AppEnv, Ctx } from './context';

/** The error of a body over its cap; a route whose spec names another (an upload's) passes its own. */
export type TooLarge = (maxBytes: number) => AppError;

const requestTooLarge: TooLarge = (maxBytes) =>
  new AppError('request/too-large', { message: requestTooLargeMessage(maxBytes) });

/**
 * Refuses a body over `maxBytes` with `tooLarge(maxBytes)`: on its Content-Length before reading, or while a
 * chunked body streams in (then the body read so far is kept for the handler).
 *
 * A body with a Content-Length is judged by the header alone (Node's parser holds the body to it), without Hono's
 * `bodyLimit`: its look at the body makes the Node adapter build a whole web Request with a stream, where reading
 * the body later takes the adapter's direct path (about a tenth of a small POST's CPU). A chunked body goes through
 * `bodyLimit`, which counts it as it streams.
 */
export function capBody(maxBytes: number, tooLarge: TooLarge = requestTooLarge): MiddlewareHandler<AppEnv> {
  const streamed = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge(maxBytes);
    },
  });
  // not an async function: a body within its cap goes straight on (a refusal throws inside Hono's dispatch, which
  // answers it through onError)
  return (c, next) => {
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    if (Number.parseInt(length, 10) > maxBytes) throw tooLarge(maxBytes);
    return next();
  };
}

/**
 * `capBody` run by a handler before it reads the body, for a route declared `maxBodyBytes: 'own'`: its cap or its
 * error is known only once the caller is (a plan's file size), or it answers who may call before how much was sent.
 */
export async function capBodyNow(
  c: Ctx,
  maxBytes: number,
  tooLarge: TooLarge = requestTooLarge,
): Promise<void> {
  // the middleware's `next` is the rest of the handler, which goes on once this returns
  await capBody(maxBytes, tooLarge)(c, async () => {});
}
