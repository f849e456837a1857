import { asc, eq } from 'drizzle-orm';
import {
  AppError,
  appSettingsSchema,
  appStyleSchema,
  DEFAULT_MAIN_PAGE,
  type AppFile,
  type AppStyle,
} from '@buildai/domain';
import { appFiles, appPublishedFiles, apps } from '../../db/schema';
import type { Platform } from '../../platform';
import { membershipsOn, type MembershipSettings } from '../memberships';

export interface AppToServe {
  appId: string;
  /** with paid memberships on, the published files open only with a member's link */
  membersOnly: boolean;
  title: string;
  mainPage: string;
  files: AppFile[];
  /** the app's branding, which its stylesheet follows */
  style?: AppStyle;
}

async function loadSpaceApp(platform: Platform, appId: string) {
  const [app] = await platform.db.select().from(apps).where(eq(apps.appId, appId));
  if (!app || app.appType !== 'space') throw new AppError('app/not-found');
  const settings = appSettingsSchema.safeParse(app.appSettings ?? {});
  const mainPage = (settings.success && settings.data.mainPage) || DEFAULT_MAIN_PAGE;
  const style = appStyleSchema.safeParse(app.appStyle ?? {});
  return {
    app,
    mainPage,
    membersOnly: membershipsOn(app.appSettings as MembershipSettings),
    ...(style.success ? { style: style.data } : {}),
  };
}

/** What visitors see: the files copied when the builder last published. An unpublished app is not found. */
export async function loadPublishedApp(platform: Platform, appId: string): Promise<AppToServe> {
  const { app, mainPage, membersOnly, style } = await loadSpaceApp(platform, appId);
  if (!app.isPublished) throw new AppError('app/not-found');
  const files = await platform.db
    .select({ path: appPublishedFiles.path, content: appPublishedFiles.content })
    .from(appPublishedFiles)
    .where(eq(appPublishedFiles.appId, appId))
    .orderBy(asc(appPublishedFiles.path));
  return { appId, membersOnly, title: app.header, mainPage, files, ...(style ? { style } : {}) };
}

/** What the builder's preview shows: the current files (the preview token was checked by the caller). */
export async function loadPreviewApp(platform: Platform, appId: string): Promise<AppToServe> {
  const { app, mainPage, style } = await loadSpaceApp(platform, appId);
  const files = await platform.db
    .select({ path: appFiles.path, content: appFiles.content })
    .from(appFiles)
    .where(eq(appFiles.appId, appId))
    .orderBy(asc(appFiles.path));
  return { appId, membersOnly: false, title: app.header, mainPage, files, ...(style ? { style } : {}) };
}
