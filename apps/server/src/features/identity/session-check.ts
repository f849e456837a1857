import { and, eq, gt, isNull } from 'drizzle-orm';
import { refreshTokens } from '../../db/schema';
import type { Platform } from '../../platform';

/**
 * Whether the session an id token belongs to is still open (docs/decisions/0006). An id token names its session
 * (the refresh-token family, claim `sid`); sign-out, a password change or reset, and an applied email change revoke
 * families, and from then on the tokens of those sessions are refused. Answers are cached for a few seconds per
 * instance; an ending session is also announced on the events adapter (Redis pub/sub across instances), so every
 * instance forgets it at once and the cache's lifetime bounds only a lost announcement.
 */
const CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;
const CHANNEL = 'identity:sessions-ended';

interface Entry {
  userId: string;
  live: boolean;
  until: number;
}

const caches = new WeakMap<Platform, Map<string, Entry>>();

function cacheOf(platform: Platform): Map<string, Entry> {
  let entries = caches.get(platform);
  if (!entries) {
    const created = new Map<string, Entry>();
    entries = created;
    caches.set(platform, created);
    platform.events
      .subscribe(CHANNEL, (payload) => forgetUser(created, (payload as { userId?: unknown }).userId))
      .catch((err: unknown) => platform.logger.warn({ err }, 'could not follow ended sessions'));
  }
  return entries;
}

function forgetUser(entries: Map<string, Entry>, userId: unknown) {
  for (const [sessionId, entry] of entries) if (entry.userId === userId) entries.delete(sessionId);
}

export async function isSessionLive(platform: Platform, userId: string, sessionId: string): Promise<boolean> {
  const entries = cacheOf(platform);
  const hit = entries.get(sessionId);
  if (hit && hit.userId === userId && hit.until > Date.now()) return hit.live;
  const [row] = await platform.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, sessionId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(sessionId, { userId, live: row !== undefined, until: Date.now() + CACHE_MS });
  return row !== undefined;
}

/** Call after revoking sessions of the user: this instance forgets them now, the others when told. */
export async function announceSessionsEnded(platform: Platform, userId: string): Promise<void> {
  forgetUser(cacheOf(platform), userId);
  await platform.events
    .publish(CHANNEL, { userId })
    .catch((err: unknown) => platform.logger.warn({ err }, 'could not announce ended sessions'));
}
