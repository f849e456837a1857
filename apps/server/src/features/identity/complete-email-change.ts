import { AppError } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireUser } from './current-user';
import { findUser, normaliseEmail } from './users';

/** `account/completeEmailChange {newEmail}`: confirms the account now answers to the new address. */
export async function completeEmailChange(platform: Platform, caller: Caller, newEmailInput: string) {
  const user = await requireUser(platform, caller);
  const newEmail = normaliseEmail(newEmailInput);
  if (!newEmail) throw new AppError('auth/invalid-email', { field: 'newEmail' });
  if (user.email !== newEmail) {
    const other = await findUser(platform, user.tenantId, newEmail);
    if (other) throw new AppError('auth/email-already-exists', { field: 'newEmail' });
    throw new AppError('request/invalid', {
      message: 'Change the email with your current password first',
      field: 'newEmail',
    });
  }
  return { email: user.email };
}
