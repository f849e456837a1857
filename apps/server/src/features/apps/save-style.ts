import { eq, sql } from 'drizzle-orm';
import { ADMIN_ONLY_STYLE, AppError, type AppStyle } from '@buildai/domain';
import { preparedPerDb } from '../../db/prepared';
import { apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { AppChangeBus } from './app-change-bus';

import { changedKeys, mergeSent } from './merge-settings';
import { requireOwnedAppStyle } from './rights';
import { readStyle } from './view';

export interface SaveStyleOptions {
  platform: Platform;
  changes: AppChangeBus;
  caller: Caller;
  appId: string;
  /** the style as the request's schema read it (every default filled in) */
  style: AppStyle;
  /** the style as sent: its keys are the ones that change */
  sent: Record<string, unknown>;
}

/** The style's update, kept prepared: builders restyle an app in many small saves (decision 0005, "Session 20, later"). */
const updateStyle = preparedPerDb((db) =>
  db
    .update(apps)
    // drizzle's types take no placeholder in `set`, but it holds one as a value of the column: the column's encoder
    // maps what `execute` is given, as for an unprepared update
    .set({
      appStyle: sql.placeholder('style') as unknown as AppStyle,
      updatedAt: sql.placeholder('updatedAt') as unknown as Date,
    })
    .where(eq(apps.appId, sql.placeholder('appId')))
    .prepare('update_app_style'),
);

/** POST /api/apps/{appId}/style (spec 000 §3 branding): hiding the watermark is for admins only. */
export async function saveStyle({
  platform,
  changes,
  caller,
  appId,
  style: parsed,
  sent,
}: SaveStyleOptions): Promise<{ appStyle: AppStyle }> {
  const { rights, app } = await requireOwnedAppStyle(platform, caller, appId);
  const stored = readStyle(app);
  const style = mergeSent(stored, parsed, sent);
  const changedAdminOnly = changedKeys(stored, style, ADMIN_ONLY_STYLE);
  if (!rights.isAdmin && changedAdminOnly.length > 0)
    throw new AppError('settings/admin-only', { field: `appStyle.${changedAdminOnly[0]}` });

  await updateStyle(platform.db).execute({ style, updatedAt: new Date(), appId: app.appId });
  await changes.announce(app.appId);
  return { appStyle: style };
}
