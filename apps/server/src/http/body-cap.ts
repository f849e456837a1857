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
 */
export function capBody(maxBytes: number, tooLarge: TooLarge = requestTooLarge): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge(maxBytes);
    },
  });
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
