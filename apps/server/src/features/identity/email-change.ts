import { and, eq } from 'drizzle-orm';
import { AppError, RECOVER_EMAIL_LIFETIME_MIN, VERIFY_CODE_LIFETIME_MIN } from '@buildai/domain';
import { users } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { claimCode, issueCode } from './codes';
import { checkCurrentPassword, requireUser } from './current-user';
import { authLink } from './links';
import { confirmEmailChangeMail, emailChangedNotice } from './mail-templates';
import type { SessionCheck } from './session-check';
import { resolveTenant } from './tenants';
import type { LoginThrottle } from './throttle';
import { findUser, getUser, normaliseEmail, type UserRow } from './users';

/*
 * Email change (docs/decisions/0002, 0006): the current password asks for it, the link sent to the new address
 * applies it, and the old address then gets a notice with a link that undoes it for 7 days. Applying or undoing ends
 * every session of the user; until the new address is confirmed nothing changes, so a typo locks no one out.
 */

interface RefuseTakenOptions {
  platform: Platform;
  tenantId: string;
  email: string;
  field?: string;
}

async function refuseTaken({ platform, tenantId, email, field }: RefuseTakenOptions) {
  if (await findUser(platform, tenantId, email)) throw new AppError('auth/email-already-exists', { field });
}

export interface ChangeEmailOptions {
  platform: Platform;
  throttle: LoginThrottle;
  caller: Caller;
  input: { currentPassword: string; newEmail: string };
  ip: string;
}

/** `auth/changeEmail {currentPassword,newEmail}` (bearer) → `{sent:true}`: a confirmation link goes to the new address. */
export async function changeEmail({ platform, throttle, caller, input, ip }: ChangeEmailOptions) {
  const user = await requireUser(platform, caller);
  const newEmail = normaliseEmail(input.newEmail);
  if (!newEmail) throw new AppError('auth/invalid-email', { field: 'newEmail' });
  await checkCurrentPassword({ throttle, user, password: input.currentPassword, ip });
  if (newEmail === user.email) return { sent: false as const };
  await refuseTaken({ platform, tenantId: user.tenantId, email: newEmail, field: 'newEmail' });
  // keyed by the current address, so a newer request kills the link of an earlier one
  const { token } = await issueCode(platform.db, {
    tenantId: user.tenantId,
    purpose: 'changeEmail',
    email: user.email,
    userId: user.id,
    lifetimeMin: VERIFY_CODE_LIFETIME_MIN,
    data: { newEmail },
  });
  const tenant = await resolveTenant(platform, user.tenantId);
  const url = await authLink(platform, 'verifyAndChangeEmail', { oobCode: token, appId: tenant.appId });
  await platform.mail.send(confirmEmailChangeMail(newEmail, url, tenant.appName));
  return { sent: true as const };
}

interface MoveToOptions {
  platform: Platform;
  sessions: SessionCheck;
  user: UserRow;
  email: string;
}

/** Moves the user to `email` (verified: a link sent there was opened) and ends every session of the user. */
async function moveTo({ platform, sessions, user, email }: MoveToOptions): Promise<void> {
  const [moved] = await platform.db
    .update(users)
    .set({ email, emailVerifiedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.email, user.email)))
    .returning({ id: users.id })
    .catch(() => {
      // the unique index: another account took the address meanwhile
      throw new AppError('auth/email-already-exists');
    });
  if (!moved) throw new AppError('auth/invalid-action-code');
  await sessions.endAll(user.id);
}

/** `auth/applyEmailChange {code}`: the link sent to the new address was opened; the change takes effect. */
export async function applyEmailChange(platform: Platform, sessions: SessionCheck, code: string) {
  const row = await claimCode(platform.db, 'changeEmail', code);
  const user = row?.userId ? await getUser(platform, row.userId) : null;
  const newEmail = typeof row?.data.newEmail === 'string' ? row.data.newEmail : null;
  // a link asked for from an address the account no longer has is dead
  if (!row || !user || !newEmail || user.email !== row.email || user.disabledAt) {
    throw new AppError('auth/invalid-action-code');
  }
  await refuseTaken({ platform, tenantId: user.tenantId, email: newEmail });
  await moveTo({ platform, sessions, user, email: newEmail });
  const { token } = await issueCode(platform.db, {
    tenantId: user.tenantId,
    purpose: 'recoverEmail',
    email: newEmail,
    userId: user.id,
    lifetimeMin: RECOVER_EMAIL_LIFETIME_MIN,
    data: { oldEmail: user.email },
  });
  const tenant = await resolveTenant(platform, user.tenantId);
  const undoUrl = await authLink(platform, 'recoverEmail', { oobCode: token, appId: tenant.appId });
  await platform.mail
    .send(emailChangedNotice({ to: user.email, newEmail, undoUrl, name: tenant.appName }))
    .catch((err: unknown) => platform.logger.warn({ err }, 'could not send the email-change notice'));
  return { email: newEmail };
}

/** `auth/recoverEmail {code}`: the old address undoes a change (7 days); every session ends. */
export async function recoverEmail(platform: Platform, sessions: SessionCheck, code: string) {
  const row = await claimCode(platform.db, 'recoverEmail', code);
  const user = row?.userId ? await getUser(platform, row.userId) : null;
  const oldEmail = typeof row?.data.oldEmail === 'string' ? row.data.oldEmail : null;
  if (!row || !user || !oldEmail || user.email !== row.email) throw new AppError('auth/invalid-action-code');
  await refuseTaken({ platform, tenantId: user.tenantId, email: oldEmail });
  await moveTo({ platform, sessions, user, email: oldEmail });
  return { email: oldEmail };
}
