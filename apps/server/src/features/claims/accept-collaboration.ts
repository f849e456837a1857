import { eq } from 'drizzle-orm';
import { AppError, type AcceptCollaborationResponse } from '@buildai/domain';
import { appCollaborators, apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireBuilder } from '../apps';
import type { SigningKey } from '../identity';
import { readInvite } from './collaborator-invite';

/**
 * POST /api/collaborations/accept {invite}: the invited builder, signed in with the invited address, joins the app.
 * The invitation holds while the inviter still owns the app; accepting twice is once.
 */
export async function acceptCollaboration(opts: {
  platform: Platform;
  signingKey: SigningKey;
  caller: Caller;
  invite: string;
}): Promise<AcceptCollaborationResponse> {
  const { platform, caller } = opts;
  const account = await requireBuilder(platform, caller);
  const invite = await readInvite(opts.signingKey, opts.invite);
  if (!invite) throw new AppError('collaborator/invite-invalid');
  if (caller.email.toLowerCase() !== invite.email)
    throw new AppError('collaborator/invite-other-email', { details: { email: invite.email } });
  const [app] = await platform.db
    .select({ appId: apps.appId, ownerAccountId: apps.ownerAccountId })
    .from(apps)
    .where(eq(apps.appId, invite.appId));
  if (!app || app.ownerAccountId !== invite.ownerAccountId) throw new AppError('collaborator/invite-invalid');
  if (app.ownerAccountId === account.accountId) return { appId: app.appId };
  await platform.db
    .insert(appCollaborators)
    .values({ appId: app.appId, accountId: account.accountId })
    .onConflictDoNothing();
  return { appId: app.appId };
}
