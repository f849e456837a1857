import { PLATFORM_TENANT_ID, type AppFilesResponse } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { readAppFiles } from './app-files';
import { loadOwnedApp, readAppDocuments, requireBuilderRights } from '../apps';
import { loadSpaceApp } from './load-space-app';

/**
 * GET /api/apps/{appId}/files: a space app's files, or a generated app's documents (`app.json` and
 * `tools/{path}.json`, decision 0015) for the Code editor.
 */
export async function listFiles(
  platform: Platform,
  caller: Caller,
  appId: string,
): Promise<AppFilesResponse> {
  if (caller.tenantId === PLATFORM_TENANT_ID) {
    const rights = await requireBuilderRights(platform, caller);
    const app = await loadOwnedApp(platform.db, rights.account.accountId, appId);
    if (app.appType === 'generated') return { files: await readAppDocuments(platform.db, appId) };
  }
  await loadSpaceApp(platform, caller, appId);
  return { files: await readAppFiles(platform.db, appId) };
}
