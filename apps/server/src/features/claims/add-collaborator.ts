import { and, eq } from 'drizzle-orm';
import { AppError, PLATFORM_TENANT_ID, type CollaboratorsResponse } from '@buildai/domain';
import { accounts, appCollaborators, users } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireAppOwner } from '../apps';
import { normaliseEmail } from '../identity';
import { collaboratorsOf } from './collaborators';

export interface AddCollaboratorOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  email: string;
}

/**
 * POST /api/apps/{appId}/collaborators {email}: the owner adds a builder who already has an account (no invitation
 * by email: the collaborator signs in as usual and finds the app among theirs). Adding one twice changes nothing.
 */
export async function addCollaborator(opts: AddCollaboratorOptions): Promise<CollaboratorsResponse> {
  const { platform, caller, appId } = opts;
  const { app } = await requireAppOwner(platform, caller, appId);
  const email = normaliseEmail(opts.email);
  if (!email) throw new AppError('collaborator/not-found', { field: 'email' });
  const [builder] = await platform.db
    .select({ accountId: accounts.accountId })
    .from(users)
    .innerJoin(accounts, eq(accounts.userId, users.id))
    .where(
      and(
        eq(users.tenantId, PLATFORM_TENANT_ID),
        eq(users.email, email),
        eq(accounts.accountType, 'builder'),
      ),
    );
  if (!builder) throw new AppError('collaborator/not-found', { field: 'email' });
  if (builder.accountId === app.ownerAccountId) throw new AppError('collaborator/owner', { field: 'email' });
  await platform.db
    .insert(appCollaborators)
    .values({ appId: app.appId, accountId: builder.accountId })
    .onConflictDoNothing();
  return collaboratorsOf(platform.db, app);
}
