import { eq } from 'drizzle-orm';
import { ADMIN_ONLY_STYLE, AppError, appStyleSchema, type AppStyle } from '@buildai/domain';
import { apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { AppChangeBus } from './app-change-bus';

import { changedKeys, mergeSent } from './merge-settings';
import { requireOwnedApp } from './rights';
import { validateWith } from '../../http/validation';
import { readStyle } from './view';

export interface SaveStyleOptions {
  platform: Platform;
  changes: AppChangeBus;
  caller: Caller;
  appId: string;
  sent: Record<string, unknown>;
}

/** POST /api/apps/{appId}/style (spec 000 §3 branding): hiding the watermark is for admins only. */
export async function saveStyle({
  platform,
  changes,
  caller,
  appId,
  sent,
}: SaveStyleOptions): Promise<{ appStyle: AppStyle }> {
  const { rights, app } = await requireOwnedApp(platform, caller, appId);
  const stored = readStyle(app);
  const style = mergeSent(stored, validateWith(appStyleSchema, sent, 'appStyle'), sent);
  const changedAdminOnly = changedKeys(stored, style, ADMIN_ONLY_STYLE);
  if (!rights.isAdmin && changedAdminOnly.length > 0)
    throw new AppError('settings/admin-only', { field: `appStyle.${changedAdminOnly[0]}` });

  await platform.db
    .update(apps)
    .set({ appStyle: style, updatedAt: new Date() })
    .where(eq(apps.appId, app.appId));
  await changes.announce(app.appId);
  return { appStyle: style };
}
