import { AppError, PLATFORM_TENANT_ID } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadOwnedApp, requireBuilderRights, type AppRow } from '../apps';

/**
 * A space app the calling builder edits (its owner or a collaborator), as the chat's routes load it: another
 * builder's app, or any app asked with an app end user's token, answers 404 as if it did not exist.
 */
export async function loadBuilderApp(platform: Platform, caller: Caller, appId: string): Promise<AppRow> {
  if (caller.tenantId !== PLATFORM_TENANT_ID) throw new AppError('app/not-found');
  const rights = await requireBuilderRights(platform, caller);
  const app = await loadOwnedApp(platform.db, rights.account.accountId, appId);
  if (app.appType !== 'space') throw new AppError('space/not-space-app');
  return app;
}
