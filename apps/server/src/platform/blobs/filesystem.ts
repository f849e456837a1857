import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_CONTENT_TYPE, assertValidKey, assertValidPrefix, toBuffer } from './keys';
import type { BlobObject, Blobs } from './types';

interface Meta {
  key: string;
  contentType: string;
}

function code(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

/** `a` and `a/b` cannot both be files; S3 allows it, a filesystem does not. */
class KeyConflictError extends Error {
  constructor(key: string) {
    super(
      `Blob key ${JSON.stringify(key)} conflicts with an existing key: one of them would be a folder of the other`,
    );
  }
}

/** The path does not lead to a file: missing, or a directory or file stands where the key expects the other. */
const NOT_A_FILE = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/**
 * Blobs as files under `<root>`, the embedded default:
 * - `objects/<key>`: the bytes, at a readable path so an operator can find and back them up;
 * - `meta/<hh>/<sha256 of key>.json`: the content type, kept apart so no key can collide with its sidecar;
 * - `tmp/`: files being written, renamed into place so a reader never sees half a blob.
 * A filesystem cannot hold both `a` and `a/b`; such a `put` throws.
 */
export class FilesystemBlobs implements Blobs {
  readonly kind = 'filesystem' as const;
  private readonly objects: string;
  private readonly meta: string;
  private readonly tmp: string;

  constructor(root: string) {
    const base = path.resolve(root);
    this.objects = path.join(base, 'objects');
    this.meta = path.join(base, 'meta');
    this.tmp = path.join(base, 'tmp');
  }

  async put(key: string, body: Uint8Array | string, opts: { contentType?: string } = {}): Promise<void> {
    const file = this.objectPath(key);
    const meta: Meta = { key, contentType: opts.contentType ?? DEFAULT_CONTENT_TYPE };
    // The type first: a reader that sees the new bytes also sees their type.
    await this.writeAtomic(this.metaPath(key), Buffer.from(JSON.stringify(meta)), key);
    try {
      await this.writeAtomic(file, toBuffer(body), key);
    } catch (err) {
      if (err instanceof KeyConflictError) await rm(this.metaPath(key), { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<BlobObject | null> {
    let body: Buffer;
    try {
      body = await readFile(this.objectPath(key));
    } catch (err) {
      if (NOT_A_FILE.has(code(err) ?? '')) return null;
      throw err;
    }
    return { body, contentType: (await this.readMeta(key))?.contentType ?? DEFAULT_CONTENT_TYPE };
  }

  async delete(key: string): Promise<void> {
    const file = this.objectPath(key);
    try {
      if (!(await stat(file)).isFile()) return;
    } catch (err) {
      if (NOT_A_FILE.has(code(err) ?? '')) return;
      throw err;
    }
    await rm(file, { force: true });
    await rm(this.metaPath(key), { force: true });
    // Empty folders left behind would keep a later key of the same name from being written.
    await this.pruneEmptyParents(path.dirname(file));
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.objectPath(key))).isFile();
    } catch (err) {
      if (NOT_A_FILE.has(code(err) ?? '')) return false;
      throw err;
    }
  }

  async list(prefix: string): Promise<string[]> {
    assertValidPrefix(prefix);
    // Only the folder the prefix points into needs walking.
    const dirPart = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    const keys: string[] = [];
    await this.walk(path.join(this.objects, ...dirPart.split('/')), dirPart, keys);
    return keys.filter((k) => k.startsWith(prefix)).sort();
  }

  async close(): Promise<void> {}

  private objectPath(key: string): string {
    assertValidKey(key);
    const file = path.join(this.objects, ...key.split('/'));
    // The key rules already keep it inside; this guards against a rule ever being loosened.
    if (!file.startsWith(this.objects + path.sep)) throw new Error(`Invalid blob key ${JSON.stringify(key)}`);
    return file;
  }

  private metaPath(key: string): string {
    const hash = createHash('sha256').update(key).digest('hex');
    return path.join(this.meta, hash.slice(0, 2), `${hash}.json`);
  }

  private async readMeta(key: string): Promise<Meta | null> {
    try {
      const meta = JSON.parse(await readFile(this.metaPath(key), 'utf8')) as Meta;
      return meta.key === key ? meta : null;
    } catch (err) {
      if (code(err) === 'ENOENT') return null;
      throw err;
    }
  }

  private async writeAtomic(file: string, data: Buffer, key: string): Promise<void> {
    await mkdir(this.tmp, { recursive: true });
    const temp = path.join(this.tmp, randomUUID());
    await writeFile(temp, data);
    try {
      // Twice: a delete of a neighbouring key may prune the folder between mkdir and rename.
      for (let attempt = 1; ; attempt++) {
        try {
          await mkdir(path.dirname(file), { recursive: true });
          await rename(temp, file);
          return;
        } catch (err) {
          if (code(err) === 'ENOENT' && attempt < 2) continue;
          if (['ENOTDIR', 'EEXIST', 'EISDIR', 'ENOTEMPTY'].includes(code(err) ?? '')) {
            throw new KeyConflictError(key);
          }
          throw err;
        }
      }
    } finally {
      await rm(temp, { force: true });
    }
  }

  private async pruneEmptyParents(dir: string): Promise<void> {
    for (let d = dir; d !== this.objects && d.startsWith(this.objects + path.sep); d = path.dirname(d)) {
      try {
        await rmdir(d);
      } catch {
        return; // not empty (or already gone): folders above it are not empty either
      }
    }
  }

  private async walk(dir: string, keyPrefix: string, out: string[]): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (NOT_A_FILE.has(code(err) ?? '')) return;
      throw err;
    }
    for (const e of entries) {
      if (e.isDirectory()) await this.walk(path.join(dir, e.name), `${keyPrefix}${e.name}/`, out);
      else if (e.isFile()) out.push(keyPrefix + e.name);
    }
  }
}
