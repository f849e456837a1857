import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  AppError,
  CLAIM_CLAIMANT_WINDOW_SEC,
  CLAIM_MAX_ATTEMPTS,
  CLAIM_MAX_WRONG_CODES,
  type ClaimResponse,
} from '@buildai/domain';
import { apps, claimInvitations } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { LimitRule } from '../../platform/limits/types';
import { readSettings, requireBuilder, type AppChangeBus } from '../apps';
import type { SigningKey } from '../identity';
import { hashClaimCode } from './invitation-code';
import { transferApp } from './transfer-app';

export interface ClaimAppOptions {
  platform: Platform;
  signingKey: SigningKey;
  changes: AppChangeBus;
  caller: Caller;
  invitationId: string;
  claimCode: string;
  /** the claimant's address (its wrong codes count apart from the account's) */
  ip: string;
}

const CLAIMANT_TRIES: LimitRule = { points: CLAIM_MAX_ATTEMPTS, durationSec: CLAIM_CLAIMANT_WINDOW_SEC };
const claimantKeys = (invitationId: string, accountId: string, ip: string) => [
  `claim:${invitationId}:acct:${accountId}`,
  `claim:${invitationId}:ip:${ip}`,
];

/**
 * POST /api/claim/{invitationId} (spec 001 §6, §7): a builder enters the code and the app becomes theirs. The
 * invitation is taken by one conditional UPDATE (open, right code), so of two claims at once exactly one wins and
 * the other finds it used. Wrong codes are counted per claimant — the account and, apart, the address
 * (`CLAIM_MAX_ATTEMPTS` each per hour) — so whoever else holds the link cannot kill the invitation for the real
 * customer; all wrong codes together are counted on the invitation too, which dies at `CLAIM_MAX_WRONG_CODES`
 * (docs/decisions/0016).
 */
export async function claimApp(opts: ClaimAppOptions): Promise<ClaimResponse> {
  const { platform, signingKey, caller, invitationId } = opts;
  const account = await requireBuilder(platform, caller);
  const [found] = await platform.db
    .select({ invitation: claimInvitations, app: apps })
    .from(claimInvitations)
    .innerJoin(apps, eq(apps.appId, claimInvitations.appId))
    .where(eq(claimInvitations.id, invitationId));
  if (!found) throw new AppError('claim/invitation-not-found');
  throwIfClosed(found.invitation);
  const { app } = found;
  if (!app.isPublished || !readSettings(app).isClaimable) throw new AppError('claim/not-claimable');
  if (app.ownerAccountId === account.accountId) throw new AppError('claim/own-app');

  const keys = claimantKeys(invitationId, account.accountId, opts.ip);
  const tries = await Promise.all(keys.map((key) => platform.limits.peek(key, CLAIMANT_TRIES)));
  if (tries.some((t) => !t.allowed)) throw new AppError('claim/too-many-tries');

  const codeHash = await hashClaimCode(signingKey, invitationId, opts.claimCode);
  const open = and(
    eq(claimInvitations.id, invitationId),
    isNull(claimInvitations.usedAt),
    isNull(claimInvitations.deadAt),
  );
  const claimed = await platform.db.transaction(async (tx) => {
    const [taken] = await tx
      .update(claimInvitations)
      .set({ usedByAccountId: account.accountId, usedAt: new Date() })
      .where(and(open, eq(claimInvitations.codeHash, codeHash)))
      .returning({ appId: claimInvitations.appId });
    if (!taken) return false;
    await transferApp(tx, { appId: taken.appId, to: account.accountId });
    return true;
  });
  if (claimed) {
    await opts.changes.announce(app.appId);
    return { appId: app.appId };
  }

  const [counted] = await platform.db
    .update(claimInvitations)
    .set({
      attempts: sql`${claimInvitations.attempts} + 1`,
      deadAt: sql`case when ${claimInvitations.attempts} + 1 >= ${CLAIM_MAX_WRONG_CODES} then now() else null end`,
    })
    .where(and(open, ne(claimInvitations.codeHash, codeHash)))
    .returning({ attempts: claimInvitations.attempts, deadAt: claimInvitations.deadAt });
  if (counted) {
    if (counted.deadAt) throw new AppError('claim/invitation-dead');
    const left = await Promise.all(keys.map((key) => platform.limits.consume(key, CLAIMANT_TRIES)));
    const attemptsLeft = Math.min(...left.map((l) => (l.allowed ? l.remaining : 0)));
    throw new AppError('claim/wrong-code', { field: 'claimCode', details: { attemptsLeft } });
  }
  // neither update matched: the invitation was used or killed meanwhile
  const [now] = await platform.db
    .select()
    .from(claimInvitations)
    .where(eq(claimInvitations.id, invitationId));
  if (now) throwIfClosed(now);
  throw new AppError('claim/invitation-used');
}

function throwIfClosed(invitation: { usedAt: Date | null; deadAt: Date | null }): void {
  if (invitation.usedAt) throw new AppError('claim/invitation-used');
  if (invitation.deadAt) throw new AppError('claim/invitation-dead');
}
