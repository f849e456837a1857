import { asc, eq } from 'drizzle-orm';
import type { AppFile } from '@buildai/domain';
import type { Db } from '../../db/client';
import { appFiles } from '../../db/schema';

/** The current files of an app, sorted by path. */
export async function readAppFiles(db: Db, appId: string): Promise<AppFile[]> {
  return db
    .select({ path: appFiles.path, content: appFiles.content })
    .from(appFiles)
    .where(eq(appFiles.appId, appId))
    .orderBy(asc(appFiles.path));
}

/** The current files with when each last changed (the "recently edited" retrieval reads it). */
export async function readAppFilesWithTimes(db: Db, appId: string) {
  return db
    .select({ path: appFiles.path, content: appFiles.content, updatedAt: appFiles.updatedAt })
    .from(appFiles)
    .where(eq(appFiles.appId, appId))
    .orderBy(asc(appFiles.path));
}
