import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createJobs } from './index';
import type { JobInfo, Jobs } from './types';
import { closedAfterEach, dropRedisKeysAfterAll } from '../adapter-test-support';

const logger = pino({ level: 'silent' });
const redisUrl = process.env.TEST_REDIS_URL;
// A prefix of its own per run, so runs sharing one Redis never see each other's jobs.
const prefix = `test-jobs:${randomUUID()}`;

interface Variant {
  name: string;
  /** Whether separate instances share their jobs. */
  distributed: boolean;
  make(): Jobs;
}

const variants: Variant[] = [{ name: 'in-process', distributed: false, make: () => createJobs({}, logger) }];
if (redisUrl) {
  variants.push({
    name: 'bullmq',
    distributed: true,
    make: () => createJobs({ REDIS_URL: redisUrl }, logger, { prefix }),
  });
}

function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Resolves when the gate opens or the signal aborts, so a waiting handler never holds up `close`. */
function until(g: { promise: Promise<void> }, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
    void g.promise.then(resolve);
  });
}

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`condition not met in time; last value: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const settled = (s: JobInfo | null) => !!s && ['completed', 'failed', 'cancelled'].includes(s.state);

const track = closedAfterEach<Jobs>();

dropRedisKeysAfterAll(redisUrl, prefix);

describe.each(variants)('jobs contract: $name', (variant) => {
  const open = () => track(variant.make());
  const name = () => `job-${randomUUID()}`;

  it('has the kind of its implementation', () => {
    expect(open().kind).toBe(variant.name);
  });

  it('runs a job with its data and reports it completed', async () => {
    const jobs = open();
    const n = name();
    const seen: unknown[] = [];
    jobs.register<{ a: number }>(n, async (data, ctx) => {
      seen.push({ data, attempt: ctx.attempt, jobId: ctx.jobId });
    });
    await jobs.start();
    const id = await jobs.enqueue(n, { a: 1 });
    const info = await waitFor(() => jobs.get(id), settled);
    expect(info).toEqual({ id, name: n, state: 'completed', progress: 0, attempts: 1 });
    expect(seen).toEqual([{ data: { a: 1 }, attempt: 1, jobId: id }]);
  });

  it('retries a failing job the configured number of times with a growing backoff, then fails', async () => {
    const jobs = open();
    const n = name();
    const calls: { attempt: number; at: number }[] = [];
    jobs.register(
      n,
      async (_data, ctx) => {
        calls.push({ attempt: ctx.attempt, at: Date.now() });
        throw new Error(`boom ${ctx.attempt}`);
      },
      { attempts: 3, backoffMs: 60 },
    );
    await jobs.start();
    const id = await jobs.enqueue(n, {});
    const info = await waitFor(() => jobs.get(id), settled);
    expect(info).toMatchObject({ state: 'failed', attempts: 3, error: 'boom 3' });
    expect(calls.map((c) => c.attempt)).toEqual([1, 2, 3]);
    // Exponential backoff: 60 ms before the second try, 120 ms before the third.
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(55);
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(115);
  });

  it('completes on a retry and lets enqueue override the attempts', async () => {
    const jobs = open();
    const n = name();
    let calls = 0;
    jobs.register(
      n,
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('first try fails');
      },
      { attempts: 1, backoffMs: 10 },
    );
    await jobs.start();
    const id = await jobs.enqueue(n, {}, { attempts: 2 });
    const info = await waitFor(() => jobs.get(id), settled);
    expect(info).toMatchObject({ state: 'completed', attempts: 2 });
    expect(info?.error).toBeUndefined();
    expect(calls).toBe(2);
  });

  it('shows progress through get while the job runs', async () => {
    const jobs = open();
    const n = name();
    const release = gate();
    jobs.register(n, async (_data, ctx) => {
      await ctx.progress(40);
      await until(release, ctx.signal);
      await ctx.progress(100);
    });
    await jobs.start();
    const id = await jobs.enqueue(n, {});
    const running = await waitFor(
      () => jobs.get(id),
      (s) => s?.progress === 40,
    );
    expect(running).toMatchObject({ state: 'active', progress: 40, attempts: 1 });
    release.open();
    expect(await waitFor(() => jobs.get(id), settled)).toMatchObject({ state: 'completed', progress: 100 });
  });

  it('cancels an active job: its signal aborts and it is not retried', async () => {
    const jobs = open();
    const n = name();
    const never = gate();
    const observed: boolean[] = [];
    jobs.register(
      n,
      async (_data, ctx) => {
        await until(never, ctx.signal);
        observed.push(ctx.signal.aborted);
        throw new Error('stopped');
      },
      { attempts: 3, backoffMs: 10 },
    );
    await jobs.start();
    const id = await jobs.enqueue(n, {});
    await waitFor(
      () => jobs.get(id),
      (s) => s?.state === 'active',
    );
    expect(await jobs.cancel(id)).toBe(true);
    await waitFor(
      async () => observed.length,
      (l) => l === 1,
    );
    // Give a wrongful retry the time it would need to show up.
    await new Promise((r) => setTimeout(r, 200));
    expect(observed).toEqual([true]);
    expect(await jobs.get(id)).toMatchObject({ state: 'cancelled', attempts: 1 });
    expect(await jobs.cancel(id)).toBe(false);
  });

  it('cancels a waiting job so that it never runs', async () => {
    const jobs = open();
    const n = name();
    let calls = 0;
    jobs.register(n, async () => {
      calls += 1;
    });
    await jobs.start();
    const id = await jobs.enqueue(n, {}, { delayMs: 300 });
    expect(await jobs.get(id)).toMatchObject({ state: 'waiting', attempts: 0 });
    expect(await jobs.cancel(id)).toBe(true);
    expect(await jobs.get(id)).toMatchObject({ id, name: n, state: 'cancelled' });
    await new Promise((r) => setTimeout(r, 500));
    expect(calls).toBe(0);
  });

  it('answers false when cancelling an unknown or finished job, and null for an unknown id', async () => {
    const jobs = open();
    const n = name();
    jobs.register(n, async () => {});
    await jobs.start();
    const id = await jobs.enqueue(n, {});
    await waitFor(() => jobs.get(id), settled);
    expect(await jobs.cancel(id)).toBe(false);
    expect(await jobs.cancel(`missing-${randomUUID()}`)).toBe(false);
    expect(await jobs.get(`missing-${randomUUID()}`)).toBeNull();
  });

  it('waits for start, delays a job and runs an id only once', async () => {
    const jobs = open();
    const n = name();
    const runs: string[] = [];
    jobs.register<string>(n, async (data) => {
      runs.push(data);
    });
    const jobId = `once-${randomUUID()}`;
    expect(await jobs.enqueue(n, 'first', { jobId, delayMs: 100 })).toBe(jobId);
    expect(await jobs.enqueue(n, 'second', { jobId })).toBe(jobId);
    expect(await jobs.get(jobId)).toMatchObject({ state: 'waiting' });
    await jobs.start();
    expect(await waitFor(() => jobs.get(jobId), settled)).toMatchObject({ state: 'completed' });
    expect(runs).toEqual(['first']);
  });

  it('limits how many jobs of a name run at once', async () => {
    const jobs = open();
    const n = name();
    const release = gate();
    let active = 0;
    let most = 0;
    jobs.register(
      n,
      async (_data, ctx) => {
        active += 1;
        most = Math.max(most, active);
        await until(release, ctx.signal);
        active -= 1;
      },
      { concurrency: 2 },
    );
    await jobs.start();
    const ids = await Promise.all([1, 2, 3].map((i) => jobs.enqueue(n, i)));
    await waitFor(
      async () => active,
      (a) => a === 2,
    );
    await new Promise((r) => setTimeout(r, 100));
    const states = await Promise.all(ids.map(async (id) => (await jobs.get(id))?.state));
    expect(states.filter((s) => s === 'active')).toHaveLength(2);
    expect(states.filter((s) => s === 'waiting')).toHaveLength(1);
    release.open();
    for (const id of ids) await waitFor(() => jobs.get(id), settled);
    expect(most).toBe(2);
  });

  it('refuses unknown names, names registered twice and ids BullMQ cannot store', async () => {
    const jobs = open();
    const n = name();
    jobs.register(n, async () => {});
    expect(() => jobs.register(n, async () => {})).toThrow(/already registered/);
    await expect(jobs.enqueue(name(), {})).rejects.toThrow(/No job handler/);
    await expect(jobs.enqueue(n, {}, { jobId: 'a:b' })).rejects.toThrow(/Invalid job id/);
    await expect(jobs.enqueue(n, {}, { jobId: '42' })).rejects.toThrow(/Invalid job id/);
  });
});

describe.each(variants.filter((v) => v.distributed))('jobs across instances: $name', (variant) => {
  it('runs on one instance what another enqueued, and cancels it from there', async () => {
    const producer = variant.make();
    const worker = variant.make();
    track(producer);
    track(worker);
    const n = `job-${randomUUID()}`;
    const never = gate();
    const observed: boolean[] = [];
    const handler = async (
      _data: unknown,
      ctx: { signal: AbortSignal; progress(p: number): Promise<void> },
    ) => {
      await ctx.progress(10);
      await until(never, ctx.signal);
      observed.push(ctx.signal.aborted);
    };
    // Both register (names must be known to enqueue) but only the worker starts.
    producer.register(n, handler);
    worker.register(n, handler);
    await worker.start();
    const id = await producer.enqueue(n, {});
    await waitFor(
      () => producer.get(id),
      (s) => s?.state === 'active' && s.progress === 10,
    );
    expect(await producer.cancel(id)).toBe(true);
    await waitFor(
      async () => observed.length,
      (l) => l === 1,
    );
    expect(observed).toEqual([true]);
    expect(await worker.get(id)).toMatchObject({ state: 'cancelled' });
  });
});

describe.each(variants.filter((v) => v.distributed))('jobs shutdown: $name', (variant) => {
  it('hands an active job back to the queue when its instance closes, without using an attempt', async () => {
    const first = variant.make();
    const second = variant.make();
    track(second);
    const n = `job-${randomUUID()}`;
    const never = gate();
    const runs: { attempt: number; aborted: boolean }[] = [];
    first.register(
      n,
      async (_data, ctx) => {
        await until(never, ctx.signal);
        runs.push({ attempt: ctx.attempt, aborted: ctx.signal.aborted });
        throw new Error('interrupted');
      },
      { attempts: 1 },
    );
    second.register(n, async (_data, ctx) => {
      runs.push({ attempt: ctx.attempt, aborted: ctx.signal.aborted });
    });
    await first.start();
    const id = await first.enqueue(n, {});
    await waitFor(
      () => first.get(id),
      (s) => s?.state === 'active',
    );
    await first.close();
    expect(await second.get(id)).toMatchObject({ state: 'waiting' });
    await second.start();
    expect(await waitFor(() => second.get(id), settled)).toMatchObject({ state: 'completed' });
    expect(runs).toEqual([
      { attempt: 1, aborted: true },
      { attempt: 1, aborted: false },
    ]);
  });
});
