import { desc, eq } from 'drizzle-orm';
import { MAX_APP_VERSIONS, type VersionsResponse } from '@buildai/domain';
import { appVersions } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadChatApp } from './load-space-app';
import { versionView } from './views';

/** GET /api/apps/{appId}/versions: newest first. */
export async function listVersions(
  platform: Platform,
  caller: Caller,
  appId: string,
): Promise<VersionsResponse> {
  await loadChatApp(platform, caller, appId);
  const rows = await platform.db
    .select()
    .from(appVersions)
    .where(eq(appVersions.appId, appId))
    .orderBy(desc(appVersions.createdAt))
    .limit(MAX_APP_VERSIONS);
  return { versions: rows.map(versionView) };
}
