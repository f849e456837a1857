import { and, eq, gt, isNull } from 'drizzle-orm';
import { refreshTokens } from '../../db/schema';
import type { Platform } from '../../platform';
import { revokeAllRefreshTokens, revokeRefreshToken, revokeSession } from './refresh-tokens';

const CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;
const CHANNEL = 'identity:sessions-ended';

interface Entry {
  userId: string;
  live: boolean;
  until: number;
}

/**
 * Whether the session an id token belongs to is still open (docs/decisions/0006). An id token names its session
 * (the refresh-token family, claim `sid`); sign-out, a password change or reset, and an applied email change revoke
 * families, and from then on the tokens of those sessions are refused. Answers are cached for a few seconds by this
 * server (built once by `createServices`, decision 0005); an ending session is also announced on the events adapter
 * (Redis pub/sub across instances), so every instance forgets it at once and the cache's lifetime bounds only a lost
 * announcement.
 */
export class SessionCheck {
  private readonly entries = new Map<string, Entry>();
  /** lookups under way, by session: requests of the same session that miss the cache together share one query */
  private readonly pending = new Map<string, { userId: string; lookup: Promise<boolean> }>();
  /** bumped whenever sessions end: a lookup that started before is answered but not cached */
  private generation = 0;
  private following = false;

  constructor(private readonly platform: Platform) {}

  /** The cached answer of `isLive`, without waiting; undefined when it must be looked up. */
  known(userId: string, sessionId: string): boolean | undefined {
    this.follow();
    const hit = this.entries.get(sessionId);
    return hit && hit.userId === userId && hit.until > Date.now() ? hit.live : undefined;
  }

  async isLive(userId: string, sessionId: string): Promise<boolean> {
    const known = this.known(userId, sessionId);
    if (known !== undefined) return known;
    const inFlight = this.pending.get(sessionId);
    if (inFlight && inFlight.userId === userId) return inFlight.lookup;
    const lookup = this.lookUp(userId, sessionId);
    this.pending.set(sessionId, { userId, lookup });
    try {
      return await lookup;
    } finally {
      if (this.pending.get(sessionId)?.lookup === lookup) this.pending.delete(sessionId);
    }
  }

  private async lookUp(userId: string, sessionId: string): Promise<boolean> {
    const generation = this.generation;
    const [row] = await this.platform.db
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
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(sessionId, { userId, live: row !== undefined, until: Date.now() + CACHE_MS });
    }
    return row !== undefined;
  }

  /** Ends every session of the user (a password change or reset, an applied email change). */
  async endAll(userId: string): Promise<void> {
    await revokeAllRefreshTokens(this.platform.db, userId);
    await this.ended(userId);
  }

  /** Ends the session of this refresh token (sign-out); a token that names no session changes nothing. */
  async endOne(refreshToken: string): Promise<void> {
    const userId = await revokeRefreshToken(this.platform.db, refreshToken);
    if (userId) await this.ended(userId);
  }

  /** Ends the session an id token names (a sign-out that carries the token but not the refresh cookie). */
  async endSession(userId: string, sessionId: string): Promise<void> {
    await revokeSession(this.platform.db, userId, sessionId);
    await this.ended(userId);
  }

  /** After sessions of the user were revoked: this instance forgets them now, the others when told. */
  private async ended(userId: string): Promise<void> {
    this.follow();
    this.forget(userId);
    await this.platform.events
      .publish(CHANNEL, { userId })
      .catch((err: unknown) => this.platform.logger.warn({ err }, 'could not announce ended sessions'));
  }

  /** Listens, from the first use on, for sessions other instances ended. */
  private follow() {
    if (this.following) return;
    this.following = true;
    this.platform.events
      .subscribe(CHANNEL, (payload) => this.forget((payload as { userId?: unknown }).userId))
      .catch((err: unknown) => this.platform.logger.warn({ err }, 'could not follow ended sessions'));
  }

  private forget(userId: unknown) {
    this.generation++;
    for (const [sessionId, entry] of this.entries)
      if (entry.userId === userId) this.entries.delete(sessionId);
    for (const [sessionId, entry] of this.pending)
      if (entry.userId === userId) this.pending.delete(sessionId);
  }
}
