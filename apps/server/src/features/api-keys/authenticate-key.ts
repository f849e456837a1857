import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import { apiKeys, apps } from '../../db/schema';
import type { Ctx } from '../../http/context';
import type { EndUser } from '../../http/end-user';
import type { Platform } from '../../platform';
import { retryAfterSeconds } from '../../platform/limits';
import { hashApiKey, looksLikeApiKey } from './key-format';
import { liveKey } from './live-key';

/** Who calls with an API key: the key, its app, and the end user the runs are counted for. */
export interface KeyCaller {
  keyId: string;
  appId: string;
  /** `key:{keyId}`: a key's runs are its own user's in the run limits and analytics */
  user: EndUser;
}

/** `lastUsedAt` is written at most this often per key, so a busy key is not one more write per request. */
const LAST_USED_EVERY_MS = 60_000;

/** The bearer token of the request, or null. */
export function bearerOf(c: Ctx): string | null {
  const header = c.req.header('authorization') ?? '';
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

export interface AuthenticateKeyOptions {
  platform: Platform;
  /** the bearer token sent (null: none) */
  token: string | null;
  /** the app the URL names; a key of another app is refused (401). Omitted where the key itself names the app. */
  appId?: string;
}

/**
 * Checks an API key: present (401 `api-key/missing`), one of ours, live (not revoked, its creator still edits
 * the app) and of this app (401
 * `api-key/invalid`, the same answer for each so a caller learns nothing), then within its per-minute budget
 * (429 `api-key/rate-limited` with Retry-After). Notes when the key was last used.
 */
export async function authenticateKey(options: AuthenticateKeyOptions): Promise<KeyCaller> {
  const { platform, token, appId } = options;
  if (!token) throw new AppError('api-key/missing');
  if (!looksLikeApiKey(token)) throw new AppError('api-key/invalid');
  const [row] = await platform.db
    .select({ id: apiKeys.id, appId: apiKeys.appId })
    .from(apiKeys)
    .innerJoin(apps, eq(apps.appId, apiKeys.appId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(token)), liveKey()));
  if (!row || (appId !== undefined && row.appId !== appId)) throw new AppError('api-key/invalid');

  const rule = { points: platform.config.API_KEY_RATE_LIMIT_PER_MINUTE, durationSec: 60 };
  const verdict = await platform.limits.consume(`api-key:${row.id}`, rule);
  if (!verdict.allowed)
    throw new AppError('api-key/rate-limited', {
      details: { retryAfterSeconds: retryAfterSeconds(verdict) },
    });

  const now = new Date();
  void platform.db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, row.id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS))),
      ),
    )
    .catch((err: unknown) => platform.logger.warn({ err, keyId: row.id }, 'could not note the key as used'));

  return {
    keyId: row.id,
    appId: row.appId,
    user: { userKey: `key:${row.id}`, userId: null, clientKey: null },
  };
}
