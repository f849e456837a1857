import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MAX_OTP_ATTEMPTS, OTP_LENGTH } from '@buildai/domain';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { authCodes } from '../../db/schema';

export type CodePurpose = (typeof authCodes.$inferSelect)['purpose'];
export type CodeRow = typeof authCodes.$inferSelect;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const otpHash = (rowId: string, otp: string) => sha256(`${rowId}:${otp}`);

export interface IssueCodeInput {
  tenantId: string;
  purpose: CodePurpose;
  email: string;
  userId?: string | null;
  lifetimeMin: number;
  /** also make a 6-digit code (magic links) */
  withOtp?: boolean;
  data?: Record<string, unknown>;
  /** the secret itself, when the caller made it (custom tokens use their jti) */
  token?: string;
}

/**
 * Stores a single-use secret (hashed) and answers it in clear, once. Earlier unused secrets of the same purpose
 * for the same address are killed, so only the newest link or code works.
 */
export async function issueCode(db: Db, input: IssueCodeInput): Promise<{ token: string; otp?: string }> {
  const id = newId();
  const token = input.token ?? randomBytes(32).toString('base64url');
  const otp = input.withOtp ? String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0') : undefined;
  const now = new Date();
  if (input.purpose !== 'customToken') {
    await db
      .update(authCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(authCodes.tenantId, input.tenantId),
          eq(authCodes.email, input.email),
          eq(authCodes.purpose, input.purpose),
          isNull(authCodes.usedAt),
        ),
      );
  }
  await db.insert(authCodes).values({
    id,
    tenantId: input.tenantId,
    purpose: input.purpose,
    email: input.email,
    userId: input.userId ?? null,
    tokenHash: sha256(token),
    codeHash: otp ? otpHash(id, otp) : null,
    data: input.data ?? {},
    expiresAt: new Date(now.getTime() + input.lifetimeMin * 60_000),
  });
  return { token, otp };
}

/**
 * Uses a secret: one conditional update marks it used and answers its row, so of two concurrent uses only one
 * gets it. Unknown, used and expired secrets answer null.
 */
export async function claimCode(db: Db, purpose: CodePurpose, token: string): Promise<CodeRow | null> {
  const [row] = await db
    .update(authCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authCodes.tokenHash, sha256(token)),
        eq(authCodes.purpose, purpose),
        isNull(authCodes.usedAt),
        gt(authCodes.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

export type OtpResult = { ok: true; row: CodeRow } | { ok: false; reason: 'invalid' | 'attempts-exceeded' };

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface UseOtpOptions {
  db: Db;
  tenantId: string;
  email: string;
  otp: string;
}

/**
 * Checks the one-time code of the newest live magic link of this address. A wrong code counts an attempt; the
 * third wrong one kills the code, and every try after that answers attempts-exceeded.
 */
export async function useOtp({ db, tenantId, email, otp }: UseOtpOptions): Promise<OtpResult> {
  const [row] = await db
    .select()
    .from(authCodes)
    .where(
      and(
        eq(authCodes.tenantId, tenantId),
        eq(authCodes.email, email),
        eq(authCodes.purpose, 'magicLink'),
        gt(authCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(sql`${authCodes.createdAt} desc`)
    .limit(1);
  if (!row || !row.codeHash) return { ok: false, reason: 'invalid' };
  if (row.attempts >= MAX_OTP_ATTEMPTS) return { ok: false, reason: 'attempts-exceeded' };
  if (row.usedAt) return { ok: false, reason: 'invalid' };
  if (/^\d+$/.test(otp) && sameHash(otpHash(row.id, otp), row.codeHash)) {
    const [claimed] = await db
      .update(authCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(authCodes.id, row.id), isNull(authCodes.usedAt)))
      .returning();
    return claimed ? { ok: true, row: claimed } : { ok: false, reason: 'invalid' };
  }
  const [counted] = await db
    .update(authCodes)
    .set({ attempts: sql`${authCodes.attempts} + 1` })
    .where(eq(authCodes.id, row.id))
    .returning({ attempts: authCodes.attempts });
  const attempts = counted?.attempts ?? MAX_OTP_ATTEMPTS;
  if (attempts >= MAX_OTP_ATTEMPTS) {
    // the code is dead: neither it nor the link of the same message works any more
    await db.update(authCodes).set({ usedAt: new Date() }).where(eq(authCodes.id, row.id));
    return { ok: false, reason: 'attempts-exceeded' };
  }
  return { ok: false, reason: 'invalid' };
}
