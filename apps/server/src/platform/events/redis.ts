import { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { deliver, encode } from './common';
import { closeRedis } from '../redis-close';
import type { EventHandler, Events } from './types';

export interface RedisEventsOptions {
  url: string;
  /** Prepended to every channel name in Redis (default `buildai:events:`). */
  prefix?: string;
}

/**
 * Redis pub/sub, so every instance sees every event. A connection in subscriber mode can run no other command,
 * hence one connection to publish and, from the first subscription on, a second one to listen.
 */
export class RedisEvents implements Events {
  readonly kind = 'redis' as const;
  private readonly prefix: string;
  private readonly publisher: Redis;
  private subscriber?: Redis;
  private readonly channels = new Map<string, Set<EventHandler>>();
  /** The SUBSCRIBE in flight per channel; a second subscriber to the channel waits for it too. */
  private readonly pending = new Map<string, Promise<unknown>>();
  private closed = false;
  /** Rejects on close, so a SUBSCRIBE still waiting for a connection does not keep its caller waiting. */
  private readonly closing: Promise<never>;
  private rejectClosing: (err: Error) => void = () => {};

  constructor(
    private readonly opts: RedisEventsOptions,
    private readonly logger: Logger,
  ) {
    this.prefix = opts.prefix ?? 'buildai:events:';
    this.publisher = new Redis(opts.url);
    this.publisher.on('error', (err) => this.logger.error({ err }, 'events: redis connection error'));
    this.closing = new Promise<never>((_, reject) => (this.rejectClosing = reject));
    this.closing.catch(() => {});
  }

  async publish(channel: string, payload: unknown): Promise<void> {
    if (this.closed) throw new Error('Events are closed');
    await this.publisher.publish(this.prefix + channel, encode(payload));
  }

  async subscribe(channel: string, handler: EventHandler): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('Events are closed');
    const entry: EventHandler = (payload) => handler(payload);
    let handlers = this.channels.get(channel);
    if (!handlers) {
      this.channels.set(channel, (handlers = new Set()));
      const subscribed = this.listener().subscribe(this.prefix + channel);
      this.pending.set(channel, subscribed);
      // Settled either way; a failure reaches the caller through the await below, not as an unhandled rejection.
      const settled = () => {
        if (this.pending.get(channel) === subscribed) this.pending.delete(channel);
      };
      subscribed.then(settled, settled);
    }
    handlers.add(entry);
    try {
      await Promise.race([this.pending.get(channel), this.closing]);
    } catch (err) {
      handlers.delete(entry);
      if (handlers.size === 0 && this.channels.get(channel) === handlers) this.channels.delete(channel);
      throw err;
    }
    return async () => {
      if (!handlers.delete(entry) || handlers.size > 0 || this.channels.get(channel) !== handlers) return;
      this.channels.delete(channel);
      if (!this.closed) await this.subscriber?.unsubscribe(this.prefix + channel);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.channels.clear();
    this.rejectClosing(new Error('Events are closed'));
    await Promise.allSettled([closeRedis(this.subscriber), closeRedis(this.publisher)]);
  }

  private listener(): Redis {
    if (this.subscriber) return this.subscriber;
    const sub = new Redis(this.opts.url);
    sub.on('error', (err) => this.logger.error({ err }, 'events: redis subscriber error'));
    sub.on('message', (key: string, json: string) => {
      if (!key.startsWith(this.prefix)) return;
      const channel = key.slice(this.prefix.length);
      const handlers = this.channels.get(channel);
      if (handlers) deliver([...handlers], channel, json, this.logger);
    });
    this.subscriber = sub;
    return sub;
  }
}
