import { Redis } from 'ioredis';
import { afterAll, afterEach } from 'vitest';

/** Adapters a test opens through the returned function are closed after each test. */
export function closedAfterEach<T extends { close(): Promise<void> }>(): (adapter: T) => T {
  const opened: T[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((a) => a.close()));
  });
  return (adapter) => {
    opened.push(adapter);
    return adapter;
  };
}

/** With a Redis to test against, its keys under `prefix` are deleted once the file's tests are done. */
export function dropRedisKeysAfterAll(redisUrl: string | undefined, prefix: string): void {
  afterAll(async () => {
    if (!redisUrl) return;
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
}
