import { eq, sql } from 'drizzle-orm';
import { AppError, type AppView } from '@buildai/domain';
import { appOrigin } from '../../config';
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

/**
 * GET /api/apps/{appId}: the app with its tools; the public view has active tools only and no prompts. A space app
 * also names its app origin and published document, for the runtime shell (decision 0007, "The app origin").
 */
export async function getApp(platform: Platform, caller: Caller | null, appId: string): Promise<AppView> {
  const { app, isOwner } = await loadVisibleApp(platform, caller, appId);
  const view = toAppView(app, await loadTools(platform.db, app.appId), isOwner);
  if (app.appType !== 'space') return view;
  const origin = appOrigin(platform.config);
  const documentUrl = app.isPublished ? `${origin}/apps/${encodeURIComponent(app.appId)}/` : null;
  return { ...view, spaceApp: { appOrigin: origin, documentUrl } };
}
