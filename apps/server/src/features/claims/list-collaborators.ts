import type { CollaboratorsResponse } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireAppOwner } from '../apps';
import { collaboratorsOf } from './collaborators';

/** GET /api/apps/{appId}/collaborators: the owner's view of who else edits the app. */
export async function listCollaborators(
  platform: Platform,
  caller: Caller,
  appId: string,
): Promise<CollaboratorsResponse> {
  const { app } = await requireAppOwner(platform, caller, appId);
  return collaboratorsOf(platform.db, app);
}
