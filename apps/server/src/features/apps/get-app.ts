import { eq, sql } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import { preparedPerDb } from '../../db/prepared';
import { apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { isOwnerOf, loadTools } from './load-app';
import { toAppView, type AppRow } from './view';

const appById = preparedPerDb((db) =>
  db
    .select()
    .from(apps)
    .where(eq(apps.appId, sql.placeholder('appId')))
    .prepare('app_by_id'),
);

/** Loads an app the caller may see: the owner always, anyone else only once it is published. */
export async function loadVisibleApp(platform: Platform, caller: Caller | null, appId: string) {
  const [app] = await appById(platform.db).execute({ appId });
  if (!app) throw new AppError('app/not-found');
  const isOwner = await isOwnerOf(platform, caller, app);
  if (!isOwner && !app.isPublished) throw new AppError('app/not-found');
  return { app: app as AppRow, isOwner };
}

/** GET /api/apps/{appId}: the app with its tools; the public view has active tools only and no prompts. */
export async function getApp(platform: Platform, caller: Caller | null, appId: string) {
  const { app, isOwner } = await loadVisibleApp(platform, caller, appId);
  return toAppView(app, await loadTools(platform.db, app.appId), isOwner);
}
