import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { SigningKey } from '../identity';
import { FILES_URL_PREFIX } from './image-keys';

/**
 * Links to the images of an app database's image cells that the app's frame can load (issue 32, item 7). A cell
 * stores `/api/files/accounts/{account}/apps/{app}/data/image-{id}.{ext}` (the product's URL, which the builder's
 * data table shows); the frame lives on the app origin, where that path answers 404 and whose `img-src` names no
 * product host. So the data API hands each record it serves with such a value as a link on the app origin,
 * `/apps/{app}/files/{account}/image-{id}.{ext}?exp=…&sig=…`, signed for that one image: the image is as readable as
 * the record (whoever was served the record may load it, for a while) and the app origin serves nothing else under
 * an app's path. A value sent back holding such a link is stored as the cell's own URL again.
 */

/** A link is valid from its hour until the end of the next one: the same link all hour, so the browser caches it. */
const LINK_HOUR_SECONDS = 60 * 60;

const ID = '[A-Za-z0-9]+';
const EXT = '(?:png|jpg|gif|webp)';
const CELL_URL = new RegExp(`^${FILES_URL_PREFIX}accounts/(${ID})/apps/(${ID})/data/(image-${ID}\\.${EXT})$`);
const LINK_PATH = new RegExp(`^/apps/(${ID})/files/(${ID})/(image-${ID}\\.${EXT})$`);

async function macKey(signingKey: SigningKey): Promise<Buffer> {
  return Buffer.from(hkdfSync('sha256', await signingKey.bytes(), 'buildai', 'data image links v1', 32));
}

const mac = (key: Buffer, path: string, exp: number) =>
  createHmac('sha256', key).update(`${path}\n${exp}`).digest('base64url');

export interface DataImageLinks {
  /** a record as served: each field holding one of this app's cell image URLs holds its signed link instead */
  link<T extends Record<string, unknown>>(appId: string, record: T): Promise<T>;
  /** fields as sent: each holding a link of this app's images holds the cell's own URL again */
  unlink<T extends Record<string, unknown>>(appId: string, fields: T): T;
}

/** Maps the top-level string fields (and the strings of list fields) of a record; unchanged, the same object. */
function mapStrings<T extends Record<string, unknown>>(record: T, map: (value: string) => string): T {
  let out: Record<string, unknown> | null = null;
  for (const [name, value] of Object.entries(record)) {
    let next: unknown = value;
    if (typeof value === 'string') next = map(value);
    else if (Array.isArray(value)) {
      const mapped = value.map((v: unknown) => (typeof v === 'string' ? map(v) : v));
      if (mapped.some((v, i) => v !== value[i])) next = mapped;
    }
    if (next !== value) {
      out ??= { ...record };
      out[name] = next;
    }
  }
  return (out ?? record) as T;
}

/** The links of this server: `appOrigin` is where app documents are served. */
export function dataImageLinks(
  signingKey: SigningKey,
  appOrigin: string,
  now: () => number = Date.now,
): DataImageLinks {
  let derived: Promise<Buffer> | undefined;
  return {
    async link(appId, record) {
      const key = await (derived ??= macKey(signingKey));
      const exp = (Math.floor(now() / 1000 / LINK_HOUR_SECONDS) + 2) * LINK_HOUR_SECONDS;
      return mapStrings(record, (value) => {
        const m = CELL_URL.exec(value);
        if (!m || m[2] !== appId) return value;
        const path = `/apps/${appId}/files/${m[1]}/${m[3]}`;
        return `${appOrigin}${path}?exp=${exp}&sig=${mac(key, path, exp)}`;
      });
    },
    unlink(appId, fields) {
      return mapStrings(fields, (value) => {
        if (!value.startsWith(`${appOrigin}/apps/${appId}/files/`)) return value;
        const url = new URL(value);
        const m = LINK_PATH.exec(url.pathname);
        return m ? `${FILES_URL_PREFIX}accounts/${m[2]}/apps/${m[1]}/data/${m[3]}` : value;
      });
    },
  };
}

export interface VerifyDataImageLinkOptions {
  signingKey: SigningKey;
  path: string;
  query: { exp?: string | undefined; sig?: string | undefined };
  now?: number;
}

/**
 * The blob key a link on the app origin names, when its signature holds and it has not expired; null otherwise.
 * `path` is the request's path (`/apps/{app}/files/{account}/image-….png`).
 */
export async function verifyDataImageLink({
  signingKey,
  path,
  query,
  now = Date.now(),
}: VerifyDataImageLinkOptions): Promise<string | null> {
  const m = LINK_PATH.exec(path);
  const exp = Number(query.exp);
  if (!m || !query.sig || !Number.isInteger(exp) || exp * 1000 < now) return null;
  const expected = Buffer.from(mac(await macKey(signingKey), path, exp));
  const given = Buffer.from(query.sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return `accounts/${m[2]}/apps/${m[1]}/data/${m[3]}`;
}
