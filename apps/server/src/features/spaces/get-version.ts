import { and, eq } from 'drizzle-orm';
import { accessChanges, AppError, type EntityEntry, type VersionFilesResponse } from '@buildai/domain';
import { appVersions } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadChatApp } from './load-space-app';
import { listEntities } from '../entities';
import { versionView } from './views';

export interface GetVersionOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  versionId: string;
}

/** GET /api/apps/{appId}/versions/{versionId}: the version, its files and its entity schemas. */
export async function getVersion({
  platform,
  caller,
  appId,
  versionId,
}: GetVersionOptions): Promise<VersionFilesResponse> {
  const { app } = await loadChatApp(platform, caller, appId);
  const [row] = await platform.db
    .select()
    .from(appVersions)
    .where(and(eq(appVersions.appId, appId), eq(appVersions.versionId, versionId)));
  if (!row) throw new AppError('version/not-found');
  const entities = row.entities as EntityEntry[];
  // a generated app's versions hold no entities: restoring one leaves the app database as it is
  const changes =
    app.appType === 'generated' ? [] : accessChanges(await listEntities(platform.db, appId), entities);
  return { version: versionView(row), files: row.files, entities, accessChanges: changes };
}
