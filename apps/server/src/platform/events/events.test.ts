import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createEvents } from './index';
import type { Events } from './types';
import { closedAfterEach } from '../adapter-test-support';

const logger = pino({ level: 'silent' });
const redisUrl = process.env.TEST_REDIS_URL;
// Channels of their own per run, so runs sharing one Redis never hear each other.
const prefix = `test-events:${randomUUID()}:`;

interface Variant {
  name: string;
  /** Whether separate instances share their messages. */
  distributed: boolean;
  make(): Events;
}

const variants: Variant[] = [
  { name: 'in-process', distributed: false, make: () => createEvents({}, logger) },
];
if (redisUrl) {
  variants.push({
    name: 'redis',
    distributed: true,
    make: () => createEvents({ REDIS_URL: redisUrl }, logger, { prefix }),
  });
}

/** Collects what a channel receives; `next(n)` resolves once n messages have arrived. */
function inbox() {
  const got: unknown[] = [];
  let wake = () => {};
  return {
    got,
    handler: (p: unknown) => {
      got.push(p);
      wake();
    },
    async next(n: number, timeoutMs = 5000): Promise<unknown[]> {
      const end = Date.now() + timeoutMs;
      while (got.length < n) {
        if (Date.now() > end) throw new Error(`expected ${n} messages, got ${got.length}`);
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 50);
        });
      }
      return got;
    },
  };
}

const track = closedAfterEach<Events>();

describe.each(variants)('events contract: $name', (variant) => {
  const open = () => track(variant.make());
  const channel = () => `ch-${randomUUID()}`;

  it('has the kind of its implementation', () => {
    expect(open().kind).toBe(variant.name);
  });

  it('delivers a JSON copy of the payload to every handler of the channel, and only there', async () => {
    const events = open();
    const ch = channel();
    const a = inbox();
    const b = inbox();
    const other = inbox();
    await events.subscribe(ch, a.handler);
    await events.subscribe(ch, b.handler);
    await events.subscribe(channel(), other.handler);
    const payload = { n: 1, at: new Date('2024-01-02T03:04:05.000Z'), nested: { list: [1, 'two'] } };
    await events.publish(ch, payload);
    payload.n = 2;
    expect(await a.next(1)).toEqual([{ n: 1, at: '2024-01-02T03:04:05.000Z', nested: { list: [1, 'two'] } }]);
    expect(await b.next(1)).toEqual(a.got);
    expect(a.got[0]).not.toBe(b.got[0]);
    expect(other.got).toEqual([]);
  });

  it('keeps the order of messages and sends undefined as null', async () => {
    const events = open();
    const ch = channel();
    const a = inbox();
    await events.subscribe(ch, a.handler);
    for (const p of ['one', 2, null, undefined, [3]]) await events.publish(ch, p);
    expect(await a.next(5)).toEqual(['one', 2, null, null, [3]]);
  });

  it('stops delivering to a handler once unsubscribed, and keeps the other handlers', async () => {
    const events = open();
    const ch = channel();
    const gone = inbox();
    const stays = inbox();
    const unsubscribe = await events.subscribe(ch, gone.handler);
    await events.subscribe(ch, stays.handler);
    await events.publish(ch, 'before');
    await gone.next(1);
    await unsubscribe();
    await unsubscribe();
    await events.publish(ch, 'after');
    // Messages arrive in order, so once `stays` has the second one, `gone` would have had it too.
    expect(await stays.next(2)).toEqual(['before', 'after']);
    expect(gone.got).toEqual(['before']);
  });

  it('stops delivering on a channel once its last handler leaves, and can subscribe again', async () => {
    const events = open();
    const ch = channel();
    const barrierCh = channel();
    const first = inbox();
    const barrier = inbox();
    await events.subscribe(barrierCh, barrier.handler);
    const unsubscribe = await events.subscribe(ch, first.handler);
    await unsubscribe();
    await events.publish(ch, 'nobody listens');
    await events.publish(barrierCh, 'done');
    await barrier.next(1);
    expect(first.got).toEqual([]);
    const again = inbox();
    await events.subscribe(ch, again.handler);
    await events.publish(ch, 'back');
    expect(await again.next(1)).toEqual(['back']);
  });

  it('delivers to the other handlers when one throws', async () => {
    const events = open();
    const ch = channel();
    const ok = inbox();
    await events.subscribe(ch, () => {
      throw new Error('handler bug');
    });
    await events.subscribe(ch, ok.handler);
    await events.publish(ch, 'x');
    expect(await ok.next(1)).toEqual(['x']);
  });

  it('refuses to publish after close', async () => {
    const events = variant.make();
    await events.close();
    await expect(events.publish(channel(), 1)).rejects.toThrow();
  });
});

describe.each(variants.filter((v) => v.distributed))('events across instances: $name', (variant) => {
  it('delivers what one instance publishes to the subscribers of another', async () => {
    const a = variant.make();
    const b = variant.make();
    track(a);
    track(b);
    const ch = `ch-${randomUUID()}`;
    const onA = inbox();
    const onB = inbox();
    await a.subscribe(ch, onA.handler);
    await b.subscribe(ch, onB.handler);
    await a.publish(ch, { from: 'a' });
    await b.publish(ch, { from: 'b' });
    expect(await onA.next(2)).toEqual([{ from: 'a' }, { from: 'b' }]);
    expect(await onB.next(2)).toEqual([{ from: 'a' }, { from: 'b' }]);
  });
});

describe('redis events without a reachable server', () => {
  it('refuses a subscription cut off by close without an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // Nothing listens on port 1: the SUBSCRIBE waits in the offline queue until close flushes it.
      const events = createEvents({ REDIS_URL: 'redis://127.0.0.1:1' }, logger, { prefix });
      const subscribing = events.subscribe('ch', () => {});
      await new Promise((r) => setTimeout(r, 50));
      await events.close();
      await expect(subscribing).rejects.toThrow();
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
