import type { Logger } from '../logger';
import type { EventHandler } from './types';

/** JSON in both implementations, so what works embedded does not change once Redis carries the messages. */
export function encode(payload: unknown): string {
  // A payload JSON cannot express at the top level (undefined, a function) arrives as null.
  return JSON.stringify(payload) ?? 'null';
}

/** One handler throwing must not keep the message from the others. */
export function deliver(
  handlers: Iterable<EventHandler>,
  channel: string,
  json: string,
  logger: Logger,
): void {
  for (const handler of handlers) {
    try {
      handler(JSON.parse(json));
    } catch (err) {
      logger.error({ err, channel }, 'event handler failed');
    }
  }
}
