import { and, desc, eq, notInArray } from 'drizzle-orm';
import { MAX_APP_VERSIONS } from '@buildai/domain';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { appVersions } from '../../db/schema';
import { readAppDocuments } from '../apps';
import { listEntities } from '../entities';
import { readAppFiles } from './app-files';

export interface MakeVersionOptions {
  appId: string;
  /** a generated app's version holds its documents (app.json, tools/{path}.json) and no entities */
  appType?: 'space' | 'generated';
  messageId: string;
  userRequest: string;
  description: string;
}

/**
 * Snapshots every current file and every entity's schema as a new version and keeps only the MAX_APP_VERSIONS newest
 * (decision 0008, "Versions hold the schemas").
 */
export async function makeVersion(db: Db, options: MakeVersionOptions): Promise<string> {
  const { appId } = options;
  const versionId = newId();
  await db.insert(appVersions).values({
    versionId,
    appId,
    messageId: options.messageId,
    userRequest: options.userRequest,
    description: options.description,
    ...(options.appType === 'generated'
      ? { files: await readAppDocuments(db, appId), entities: [] }
      : { files: await readAppFiles(db, appId), entities: await listEntities(db, appId) }),
  });
  const kept = await db
    .select({ versionId: appVersions.versionId })
    .from(appVersions)
    .where(eq(appVersions.appId, appId))
    .orderBy(desc(appVersions.createdAt))
    .limit(MAX_APP_VERSIONS);
  await db.delete(appVersions).where(
    and(
      eq(appVersions.appId, appId),
      notInArray(
        appVersions.versionId,
        kept.map((k) => k.versionId),
      ),
    ),
  );
  return versionId;
}
