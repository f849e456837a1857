import { describe, expect, it } from 'vitest';
import type { Platform } from '../../platform';
import { SessionCheck } from './session-check';

type Handler = (payload: unknown) => void;

/** A platform whose database answers the session lookup after `release()`, counting the queries. */
function fakePlatform() {
  const state = { queries: 0, live: true, waiting: [] as (() => void)[], handlers: [] as Handler[] };
  const lookup = {
    from: () => lookup,
    where: () => lookup,
    limit: () =>
      new Promise<{ id: string }[]>((resolve) => {
        state.queries++;
        // the row is read when the query runs; the answer arrives on release()
        const live = state.live;
        state.waiting.push(() => resolve(live ? [{ id: 'r1' }] : []));
      }),
  };
  const platform = {
    db: { select: () => lookup },
    events: {
      subscribe: async (_channel: string, handler: Handler) => void state.handlers.push(handler),
      publish: async (_channel: string, payload: unknown) => state.handlers.forEach((h) => h(payload)),
    },
    logger: { warn: () => undefined },
  } as unknown as Platform;
  /** answers the queries under way, oldest first (or newest first) */
  const release = (newestFirst = false) => {
    const waiting = state.waiting.splice(0);
    (newestFirst ? waiting.reverse() : waiting).forEach((answer) => answer());
  };
  return { platform, state, release };
}

describe('SessionCheck', () => {
  it('shares one lookup among the requests of a session that miss the cache together', async () => {
    const { platform, state, release } = fakePlatform();
    const check = new SessionCheck(platform);
    const answers = Promise.all(Array.from({ length: 20 }, () => check.isLive('u1', 's1')));
    await Promise.resolve();
    release();
    expect(await answers).toEqual(Array(20).fill(true));
    expect(state.queries).toBe(1);
    // cached now
    expect(await check.isLive('u1', 's1')).toBe(true);
    expect(state.queries).toBe(1);
  });

  it('does not share a lookup across users or sessions', async () => {
    const { platform, state, release } = fakePlatform();
    const check = new SessionCheck(platform);
    const answers = Promise.all([
      check.isLive('u1', 's1'),
      check.isLive('u2', 's1'),
      check.isLive('u1', 's2'),
    ]);
    await Promise.resolve();
    release();
    await answers;
    expect(state.queries).toBe(3);
  });

  it('never caches or shares a lookup that began before the sessions ended', async () => {
    const { platform, state, release } = fakePlatform();
    const check = new SessionCheck(platform);
    const before = check.isLive('u1', 's1');
    await Promise.resolve();
    // the sessions end while the first lookup is under way (another instance announces it)
    state.live = false;
    state.handlers.forEach((h) => h({ userId: 'u1' }));
    const after = check.isLive('u1', 's1');
    await Promise.resolve();
    expect(state.queries).toBe(2);
    // the later lookup answers first; the earlier, stale one last
    release(true);
    expect(await after).toBe(false);
    // the first lookup read the row before the sessions ended, and answers its own request so
    expect(await before).toBe(true);
    // neither answer was cached as live: the next request asks again and is refused
    const next = check.isLive('u1', 's1');
    await Promise.resolve();
    release();
    expect(await next).toBe(false);
  });
});
