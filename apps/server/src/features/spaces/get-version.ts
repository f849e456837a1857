import { and, eq } from 'drizzle-orm';
import { AppError, type EntityEntry, type VersionFilesResponse } from '@buildai/domain';
import { appVersions } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadChatApp } from './load-space-app';
import { versionView } from './views';

/** GET /api/apps/{appId}/versions/{versionId}: the version, its files and its entity schemas. */
export async function getVersion(
  platform: Platform,
  caller: Caller,
  appId: string,
  versionId: string,
): Promise<VersionFilesResponse> {
  await loadChatApp(platform, caller, appId);
  const [row] = await platform.db
    .select()
    .from(appVersions)
    .where(and(eq(appVersions.appId, appId), eq(appVersions.versionId, versionId)));
  if (!row) throw new AppError('version/not-found');
  return { version: versionView(row), files: row.files, entities: row.entities as EntityEntry[] };
}
