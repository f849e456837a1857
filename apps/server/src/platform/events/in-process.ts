import type { Logger } from '../logger';
import { deliver, encode } from './common';
import type { EventHandler, Events } from './types';

/** Events within this process: the embedded default. */
export class InProcessEvents implements Events {
  readonly kind = 'in-process' as const;
  private readonly channels = new Map<string, Set<EventHandler>>();
  private closed = false;

  constructor(private readonly logger: Logger) {}

  async publish(channel: string, payload: unknown): Promise<void> {
    if (this.closed) throw new Error('Events are closed');
    const json = encode(payload);
    const handlers = this.channels.get(channel);
    if (!handlers || handlers.size === 0) return;
    // Delivered later, as over Redis: a publisher never runs subscribers inside its own call. Those subscribed
    // now and still subscribed then receive it.
    const snapshot = [...handlers];
    setImmediate(() =>
      deliver(
        snapshot.filter((h) => handlers.has(h)),
        channel,
        json,
        this.logger,
      ),
    );
  }

  async subscribe(channel: string, handler: EventHandler): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('Events are closed');
    // Wrapped so the same function subscribed twice is two subscriptions, as with Redis.
    const entry: EventHandler = (payload) => handler(payload);
    let handlers = this.channels.get(channel);
    if (!handlers) this.channels.set(channel, (handlers = new Set()));
    handlers.add(entry);
    return async () => {
      handlers.delete(entry);
      if (handlers.size === 0 && this.channels.get(channel) === handlers) this.channels.delete(channel);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.channels.clear();
  }
}
