import type { AppFilesResponse } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { readAppFiles } from './app-files';
import { loadSpaceApp } from './load-space-app';

/** GET /api/apps/{appId}/files */
export async function listFiles(
  platform: Platform,
  caller: Caller,
  appId: string,
): Promise<AppFilesResponse> {
  await loadSpaceApp(platform, caller, appId);
  return { files: await readAppFiles(platform.db, appId) };
}
