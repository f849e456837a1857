import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createLimits } from './index';
import type { Limits } from './types';
import { closedAfterEach, dropRedisKeysAfterAll } from '../adapter-test-support';

const logger = pino({ level: 'silent' });
const redisUrl = process.env.TEST_REDIS_URL;
// Keys of their own per run, so runs sharing one Redis never count each other's points.
const prefix = `test-limits:${randomUUID()}`;

interface Variant {
  name: 'memory' | 'redis';
  /** Whether separate instances share their counters. */
  distributed: boolean;
  make(): Limits;
}

const variants: Variant[] = [{ name: 'memory', distributed: false, make: () => createLimits({}, logger) }];
if (redisUrl) {
  variants.push({
    name: 'redis',
    distributed: true,
    make: () => createLimits({ REDIS_URL: redisUrl }, logger, { prefix }),
  });
}

const track = closedAfterEach<Limits>();

dropRedisKeysAfterAll(redisUrl, prefix);

describe.each(variants)('limits contract: $name', (variant) => {
  const open = () => track(variant.make());
  const key = () => `ip:${randomUUID()}`;

  it('has the kind of its implementation', () => {
    expect(open().kind).toBe(variant.name);
  });

  it('allows N points per window, then refuses with the time to wait', async () => {
    const limits = open();
    const k = key();
    const rule = { points: 3, durationSec: 60 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limits.consume(k, rule));
    expect(results.map((r) => [r.allowed, r.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(results[3]!.msBeforeNext).toBeGreaterThan(0);
    expect(results[3]!.msBeforeNext).toBeLessThanOrEqual(60_000);
  });

  it('peeks without consuming', async () => {
    const limits = open();
    const k = key();
    const rule = { points: 2, durationSec: 60 };
    expect(await limits.peek(k, rule)).toMatchObject({ allowed: true, remaining: 2 });
    await limits.consume(k, rule);
    expect(await limits.peek(k, rule)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await limits.peek(k, rule)).toMatchObject({ allowed: true, remaining: 1 });
    await limits.consume(k, rule);
    await limits.consume(k, rule);
    expect(await limits.peek(k, rule)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('allows again after reset', async () => {
    const limits = open();
    const k = key();
    const rule = { points: 1, durationSec: 60 };
    expect((await limits.consume(k, rule)).allowed).toBe(true);
    expect((await limits.consume(k, rule)).allowed).toBe(false);
    await limits.reset(k, rule);
    expect(await limits.consume(k, rule)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('counts keys and rules separately', async () => {
    const limits = open();
    const k = key();
    const strict = { points: 1, durationSec: 60 };
    const loose = { points: 5, durationSec: 60 };
    await limits.consume(k, strict);
    expect((await limits.consume(k, strict)).allowed).toBe(false);
    expect(await limits.consume(key(), strict)).toMatchObject({ allowed: true });
    expect(await limits.consume(k, loose)).toMatchObject({ allowed: true, remaining: 4 });
  });

  it('keeps a key blocked for the block duration once over the limit', async () => {
    const limits = open();
    const k = key();
    const rule = { points: 1, durationSec: 1, blockDurationSec: 120 };
    expect((await limits.consume(k, rule)).allowed).toBe(true);
    const refused = await limits.consume(k, rule);
    expect(refused.allowed).toBe(false);
    // Blocked for the block duration, far longer than the 1 s window.
    expect(refused.msBeforeNext).toBeGreaterThan(60_000);
    await new Promise((r) => setTimeout(r, 1200));
    expect((await limits.consume(k, rule)).allowed).toBe(false);
  });

  it('blocks a key for the given seconds, whatever it had consumed, until a reset', async () => {
    const limits = open();
    const k = key();
    const rule = { points: 5, durationSec: 60 };
    await limits.consume(k, rule);
    await limits.block(k, rule, 3600);
    const refused = await limits.consume(k, rule);
    expect(refused.allowed).toBe(false);
    // the block's hour, not the window's minute
    expect(refused.msBeforeNext).toBeGreaterThan(60_000);
    expect((await limits.peek(k, rule)).allowed).toBe(false);
    await limits.reset(k, rule);
    expect(await limits.consume(k, rule)).toMatchObject({ allowed: true, remaining: 4 });
    await expect(limits.block(k, rule, 0)).rejects.toThrow(/blockSec/);
  });

  it('sets the consumed points with a new expiry', async () => {
    const limits = open();
    const k = key();
    const rule = { points: 10, durationSec: 60 };
    await limits.consume(k, rule);
    await limits.set(k, rule, 3, 7200);
    const next = await limits.consume(k, rule);
    expect(next).toMatchObject({ allowed: true, remaining: 6 });
    // the key now lives for the two hours it was set to, not the rule's minute
    expect(next.msBeforeNext).toBeGreaterThan(60_000);
    await expect(limits.set(k, rule, 3, 0)).rejects.toThrow(/durationSec/);
  });

  it('starts a new window once the duration has passed', async () => {
    const limits = open();
    const k = key();
    const rule = { points: 1, durationSec: 1 };
    await limits.consume(k, rule);
    expect((await limits.consume(k, rule)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1200));
    expect((await limits.consume(k, rule)).allowed).toBe(true);
  });

  it('refuses rules that are not positive whole numbers', async () => {
    const limits = open();
    await expect(limits.consume(key(), { points: 0, durationSec: 60 })).rejects.toThrow(/points/);
    await expect(limits.consume(key(), { points: 1, durationSec: 0.5 })).rejects.toThrow(/durationSec/);
    await expect(limits.consume(key(), { points: 1, durationSec: 1, blockDurationSec: -1 })).rejects.toThrow(
      /blockDurationSec/,
    );
  });
});

describe.each(variants.filter((v) => v.distributed))('limits across instances: $name', (variant) => {
  it('shares the count between instances', async () => {
    const a = variant.make();
    const b = variant.make();
    track(a);
    track(b);
    const k = `ip:${randomUUID()}`;
    const rule = { points: 2, durationSec: 60 };
    expect(await a.consume(k, rule)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await b.consume(k, rule)).toMatchObject({ allowed: true, remaining: 0 });
    expect((await a.consume(k, rule)).allowed).toBe(false);
    await b.reset(k, rule);
    expect((await a.consume(k, rule)).allowed).toBe(true);
  });
});
