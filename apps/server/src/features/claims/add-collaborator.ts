import { and, eq } from 'drizzle-orm';
import { AppError, type CollaboratorsResponse } from '@buildai/domain';
import { accounts, users } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireAppOwner } from '../apps';
import { normaliseEmail, publicBaseUrl, sendAfterAnswer, type SigningKey } from '../identity';
import { collaboratorInviteMail, signInvite } from './collaborator-invite';
import { collaboratorsOf } from './collaborators';

export interface AddCollaboratorOptions {
  platform: Platform;
  signingKey: SigningKey;
  caller: Caller;
  appId: string;
  email: string;
}

/** Invitations one app may send per hour. */
const INVITES_PER_APP = { points: 20, durationSec: 60 * 60 };

/**
 * POST /api/apps/{appId}/collaborators {email}: the owner invites a builder by email. The answer is the same whether
 * the address has a builder account or not (the list as it is, and `invited`), and nobody is added here: the address
 * gets a link, and its builder accepts it signed in (accept-collaboration.ts; docs/decisions/0016).
 */
export async function addCollaborator(opts: AddCollaboratorOptions): Promise<CollaboratorsResponse> {
  const { platform, caller, appId } = opts;
  const { app } = await requireAppOwner(platform, caller, appId);
  const email = normaliseEmail(opts.email);
  if (!email) throw new AppError('collaborator/invalid-email', { field: 'email' });
  const [owner] = await platform.db
    .select({ email: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.accountId, app.ownerAccountId)));
  if (owner?.email === email) throw new AppError('collaborator/owner', { field: 'email' });
  const allowance = await platform.limits.consume(`collaborator-invites:${app.appId}`, INVITES_PER_APP);
  if (!allowance.allowed) throw new AppError('collaborator/too-many-invites');
  const token = await signInvite(opts.signingKey, {
    appId: app.appId,
    email,
    ownerAccountId: app.ownerAccountId,
  });
  const url = `${publicBaseUrl(platform)}/collaborate?invite=${encodeURIComponent(token)}`;
  sendAfterAnswer(
    platform,
    collaboratorInviteMail({
      to: email,
      ownerEmail: owner?.email ?? '',
      appName: app.header || 'Untitled app',
      url,
    }),
  );
  return { ...(await collaboratorsOf(platform.db, app)), invited: email };
}
