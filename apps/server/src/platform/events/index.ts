import type { Config } from '../../config';
import type { Logger } from '../logger';
import { InProcessEvents } from './in-process';
import { RedisEvents } from './redis';
import type { Events } from './types';

export type { EventHandler, Events } from './types';
export { InProcessEvents } from './in-process';
export { RedisEvents, type RedisEventsOptions } from './redis';

export interface EventsOptions {
  /** Prefix of the Redis channel names (default `buildai:events:`). */
  prefix?: string;
}

/** Redis pub/sub when `REDIS_URL` is set, so events reach every instance; otherwise within this process. */
export function createEvents(
  config: Pick<Config, 'REDIS_URL'>,
  logger: Logger,
  opts: EventsOptions = {},
): Events {
  if (config.REDIS_URL) return new RedisEvents({ url: config.REDIS_URL, prefix: opts.prefix }, logger);
  return new InProcessEvents(logger);
}
