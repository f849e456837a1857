import { and, eq } from 'drizzle-orm';
import { AppError, type AppFile, type EntityEntry } from '@buildai/domain';
import { appVersions } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadSpaceApp, requireAdmin } from '../spaces';

export interface TestedVersion {
  versionId: string;
  messageId: string | null;
  files: AppFile[];
  entityNames: string[];
}

export interface LoadTestedVersionOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  versionId: string;
}

/**
 * A version of the caller's space app, for the validation tester (decision 0013, "Who may use it"): another
 * builder's app is not found, a builder who is not an admin is refused, an unknown version is not found.
 */
export async function loadTestedVersion({
  platform,
  caller,
  appId,
  versionId,
}: LoadTestedVersionOptions): Promise<TestedVersion> {
  const access = await loadSpaceApp(platform, caller, appId);
  requireAdmin(access);
  const [row] = await platform.db
    .select()
    .from(appVersions)
    .where(and(eq(appVersions.appId, appId), eq(appVersions.versionId, versionId)));
  if (!row) throw new AppError('version/not-found');
  return {
    versionId: row.versionId,
    messageId: row.messageId,
    files: row.files,
    entityNames: (row.entities as EntityEntry[]).map((e) => e.name),
  };
}
