import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { REFRESH_TOKEN_LIFETIME_DAYS } from '@buildai/domain';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { refreshTokens } from '../../db/schema';
import { sha256 } from './codes';

export interface IssueRefreshTokenOptions {
  db: Db;
  userId: string;
  tenantId: string;
  familyId?: string;
}

/** Issues a refresh token; only its hash is stored. */
export async function issueRefreshToken({
  db,
  userId,
  tenantId,
  familyId = newId(),
}: IssueRefreshTokenOptions) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    id: newId(),
    userId,
    tenantId,
    familyId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_LIFETIME_DAYS * 86_400_000),
  });
  return token;
}

/**
 * Rotates a refresh token: the presented one is marked used and a new one of the same family is issued.
 * Presenting a used token again means it leaked, so the whole family is revoked.
 */
export async function rotateRefreshToken(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)));
    if (!row || row.revokedAt || row.expiresAt.getTime() < Date.now()) return null;
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(eq(refreshTokens.familyId, row.familyId));
      return null;
    }
    const next = await issueRefreshToken({
      db: tx as unknown as Db,
      userId: row.userId,
      tenantId: row.tenantId,
      familyId: row.familyId,
    });
    return { userId: row.userId, tenantId: row.tenantId, familyId: row.familyId, token: next };
  });
}

/** Revokes the token's whole family (its session); answers the user it belonged to. */
export async function revokeRefreshToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (row) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.familyId, row.familyId));
  }
  return row?.userId ?? null;
}

/** Revokes one session (refresh-token family) of the user, named by an id token's `sid`. */
export async function revokeSession(db: Db, userId: string, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId)));
}

export async function revokeAllRefreshTokens(db: Db, userId: string): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.userId, userId));
}
