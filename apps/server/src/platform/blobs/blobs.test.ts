import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobs } from './index';
import type { Blobs } from './types';
import { closedAfterEach } from '../adapter-test-support';

const logger = pino({ level: 'silent' });
const BUCKET = 'buildai-test';
const temps: string[] = [];
let s3Endpoint = '';
let s3rver: S3rver | undefined;

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'buildai-blobs-'));
  temps.push(dir);
  return dir;
}

beforeAll(async () => {
  // A real S3 API, in this process, on a free port.
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: await tempDir(),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3rver?.close();
  await Promise.all(temps.map((d) => rm(d, { recursive: true, force: true })));
});

const base = { S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false };

interface Variant {
  name: 'filesystem' | 's3';
  make(): Promise<Blobs>;
}

const variants: Variant[] = [
  { name: 'filesystem', make: async () => createBlobs({ ...base, DATA_DIR: await tempDir() }, logger) },
  {
    name: 's3',
    make: async () =>
      createBlobs(
        {
          ...base,
          DATA_DIR: await tempDir(),
          S3_BUCKET: BUCKET,
          S3_ENDPOINT: s3Endpoint,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: true,
        },
        logger,
      ),
  },
];

const track = closedAfterEach<Blobs>();

const BAD_KEYS = [
  '',
  '../escape',
  'a/../../escape',
  'a/..',
  '/etc/passwd',
  'a\\b',
  '..\\escape',
  'a\0b',
  'a//b',
  './a',
  'a/',
];

describe.each(variants)('blobs contract: $name', (variant) => {
  const open = async () => track(await variant.make());
  // The S3 bucket is shared by the tests of this file; each works under a prefix of its own.
  const ns = () => `t-${randomUUID()}/`;

  it('has the kind of its implementation', async () => {
    expect((await open()).kind).toBe(variant.name);
  });

  it('round-trips bytes and the content type', async () => {
    const blobs = await open();
    const key = `${ns()}files/all-bytes.bin`;
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    await blobs.put(key, bytes, { contentType: 'image/png' });
    const got = await blobs.get(key);
    expect(got?.contentType).toBe('image/png');
    expect(Buffer.isBuffer(got?.body)).toBe(true);
    expect([...got!.body]).toEqual([...bytes]);
  });

  it('stores a string as UTF-8 and defaults the content type', async () => {
    const blobs = await open();
    const key = `${ns()}notes/hello world é.txt`;
    await blobs.put(key, 'héllo ✓ 🙂');
    const got = await blobs.get(key);
    expect(got?.body.toString('utf8')).toBe('héllo ✓ 🙂');
    expect(got?.contentType).toBe('application/octet-stream');
  });

  it('stores only the bytes of a view into a larger buffer', async () => {
    const blobs = await open();
    const key = `${ns()}slice`;
    const whole = Buffer.from('0123456789');
    await blobs.put(key, whole.subarray(3, 6), { contentType: 'text/plain' });
    expect((await blobs.get(key))?.body.toString()).toBe('345');
  });

  it('replaces a blob put again under the same key', async () => {
    const blobs = await open();
    const key = `${ns()}doc`;
    await blobs.put(key, 'first', { contentType: 'text/plain' });
    await blobs.put(key, '{"v":2}', { contentType: 'application/json' });
    expect(await blobs.get(key)).toEqual({ body: Buffer.from('{"v":2}'), contentType: 'application/json' });
  });

  it('reports existence, answers null for a missing key and deletes', async () => {
    const blobs = await open();
    const key = `${ns()}a/b/c.txt`;
    expect(await blobs.exists(key)).toBe(false);
    expect(await blobs.get(key)).toBeNull();
    await blobs.put(key, 'x');
    expect(await blobs.exists(key)).toBe(true);
    await blobs.delete(key);
    expect(await blobs.exists(key)).toBe(false);
    expect(await blobs.get(key)).toBeNull();
    await blobs.delete(key);
  });

  it('lists the keys under a prefix, sorted', async () => {
    const blobs = await open();
    const p = ns();
    for (const k of ['a/2', 'a/1', 'a/b/3', 'ab', 'b/1']) await blobs.put(p + k, k);
    expect(await blobs.list(`${p}a/`)).toEqual([`${p}a/1`, `${p}a/2`, `${p}a/b/3`]);
    expect(await blobs.list(`${p}a`)).toEqual([`${p}a/1`, `${p}a/2`, `${p}a/b/3`, `${p}ab`]);
    expect(await blobs.list(p)).toHaveLength(5);
    expect(await blobs.list(`${p}missing/`)).toEqual([]);
    await blobs.delete(`${p}a/b/3`);
    expect(await blobs.list(`${p}a/`)).toEqual([`${p}a/1`, `${p}a/2`]);
  });

  it('lists every key with an empty prefix', async () => {
    const blobs = await open();
    const p = ns();
    await blobs.put(`${p}one`, '1');
    expect(await blobs.list('')).toContain(`${p}one`);
  });

  it('refuses keys that could escape the root, for every operation', async () => {
    const blobs = await open();
    for (const key of BAD_KEYS) {
      await expect(blobs.put(key, 'x'), key).rejects.toThrow(/Invalid blob key/);
      await expect(blobs.get(key), key).rejects.toThrow(/Invalid blob key/);
      await expect(blobs.exists(key), key).rejects.toThrow(/Invalid blob key/);
      await expect(blobs.delete(key), key).rejects.toThrow(/Invalid blob key/);
    }
    for (const prefix of ['../', 'a/../', '/abs', 'a\\', 'a\0']) {
      await expect(blobs.list(prefix), prefix).rejects.toThrow(/Invalid blob prefix/);
    }
  });
});

describe('blobs on the filesystem', () => {
  it('keeps the bytes at a readable path under DATA_DIR/blobs and writes nothing outside it', async () => {
    const dataDir = await tempDir();
    const blobs = createBlobs({ ...base, DATA_DIR: path.join(dataDir, 'data') }, logger);
    await blobs.put('apps/1/bundle.js', 'console.log(1)', { contentType: 'text/javascript' });
    expect(await readFile(path.join(dataDir, 'data/blobs/objects/apps/1/bundle.js'), 'utf8')).toBe(
      'console.log(1)',
    );
    await expect(blobs.put('../outside', 'x')).rejects.toThrow();
    expect(await readdir(dataDir)).toEqual(['data']);
    expect(await readdir(path.join(dataDir, 'data'))).toEqual(['blobs']);
  });

  it('refuses a key that would be a folder of another, and allows it once that one is deleted', async () => {
    const blobs = createBlobs({ ...base, DATA_DIR: await tempDir() }, logger);
    await blobs.put('a/b', 'nested');
    await expect(blobs.put('a', 'flat')).rejects.toThrow(/conflicts with an existing key/);
    await expect(blobs.put('a/b/c', 'deeper')).rejects.toThrow(/conflicts with an existing key/);
    expect(await blobs.exists('a')).toBe(false);
    await blobs.delete('a/b');
    await blobs.put('a', 'flat', { contentType: 'text/plain' });
    expect(await blobs.get('a')).toEqual({ body: Buffer.from('flat'), contentType: 'text/plain' });
    expect(await blobs.list('')).toEqual(['a']);
  });

  it('cleans up empty folders and temporary files', async () => {
    const dataDir = await tempDir();
    const blobs = createBlobs({ ...base, DATA_DIR: dataDir }, logger);
    await blobs.put('x/y/z', '1');
    await blobs.delete('x/y/z');
    expect(existsSync(path.join(dataDir, 'blobs/objects/x'))).toBe(false);
    expect(await readdir(path.join(dataDir, 'blobs/tmp'))).toEqual([]);
  });
});
