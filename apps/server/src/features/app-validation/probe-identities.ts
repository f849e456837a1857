import { randomBytes } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import { newId } from '../../db/ids';
import { appRecords, refreshTokens, users } from '../../db/schema';
import type { Platform } from '../../platform';
import { signAccessToken, type SigningKey } from '../identity';

/** How long a probe identity's session lives at most, should its removal ever fail (the check takes seconds). */
const PROBE_SESSION_MS = 5 * 60_000;

export interface ProbeIdentity {
  userId: string;
  /** `Bearer …` of a signed one-hour access token of the app's tenant, tied to a session that ends with the probe */
  authorization: string;
}

/**
 * Two end users of the app's tenant (decision 0013, "The publish check"), made for one check: each a users row
 * with the plain `user` role (no password, unreachable by mail: `.invalid`) and one session, so the data API reads
 * their tokens exactly as it reads a signed-up user's. `remove` deletes them, their sessions (cascade) and every
 * record they or the check made: nothing of the check stays in the app's data.
 */
export async function makeProbeIdentities(platform: Platform, signingKey: SigningKey, appId: string) {
  const made: string[] = [];
  const identity = async (): Promise<ProbeIdentity> => {
    const userId = newId();
    const sessionId = newId();
    const email = `publish-check-${randomBytes(6).toString('hex')}@probe.invalid`;
    await platform.db.insert(users).values({ id: userId, tenantId: appId, email, appRole: 'user' });
    made.push(userId);
    await platform.db.insert(refreshTokens).values({
      id: newId(),
      userId,
      tenantId: appId,
      familyId: sessionId,
      tokenHash: randomBytes(32).toString('base64url'),
      expiresAt: new Date(Date.now() + PROBE_SESSION_MS),
    });
    const { idToken } = await signAccessToken(signingKey, {
      userId,
      tenantId: appId,
      email,
      emailVerified: true,
      sessionId,
    });
    return { userId, authorization: `Bearer ${idToken}` };
  };
  const user = await identity();
  const otherUser = await identity();

  /** Removes the identities and the records the check made (by id, and any a probe identity created). */
  const remove = async (recordIds: string[]) => {
    await platform.db.transaction(async (tx) => {
      const mine = [eq(appRecords.appId, appId)];
      const made_ = [inArray(appRecords.creatorId, made)];
      if (recordIds.length) made_.push(inArray(appRecords.id, recordIds));
      await tx.delete(appRecords).where(and(...mine, or(...made_)));
      await tx.delete(users).where(and(eq(users.tenantId, appId), inArray(users.id, made)));
    });
  };
  return { user, otherUser, remove };
}
