import { and, eq } from 'drizzle-orm';
import { AppError, type CollaboratorsResponse } from '@buildai/domain';
import { appCollaborators } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireAppOwner } from '../apps';
import { collaboratorsOf } from './collaborators';

export interface RemoveCollaboratorOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  accountId: string;
}

/** DELETE /api/apps/{appId}/collaborators/{accountId}: the owner takes a builder off the app. */
export async function removeCollaborator(opts: RemoveCollaboratorOptions): Promise<CollaboratorsResponse> {
  const { platform, caller, appId, accountId } = opts;
  const { app } = await requireAppOwner(platform, caller, appId);
  const removed = await platform.db
    .delete(appCollaborators)
    .where(and(eq(appCollaborators.appId, app.appId), eq(appCollaborators.accountId, accountId)))
    .returning({ accountId: appCollaborators.accountId });
  if (removed.length === 0) throw new AppError('collaborator/not-collaborator');
  return collaboratorsOf(platform.db, app);
}
