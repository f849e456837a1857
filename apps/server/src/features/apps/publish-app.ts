import { eq } from 'drizzle-orm';
import { apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { AppChangeBus } from './app-change-bus';
import { loadOwnedApp, loadTools, requireBuilder } from './load-app';
import { toAppView } from './view';

/** Publishes the app: its active tools become reachable by anyone. Publishing again keeps the first date. */
export async function publishApp(platform: Platform, changes: AppChangeBus, caller: Caller, appId: string) {
  const account = await requireBuilder(platform, caller);
  const app = await loadOwnedApp(platform.db, account.accountId, appId);
  const now = new Date();
  const [saved] = await platform.db
    .update(apps)
    .set({ isPublished: true, publishedAt: app.publishedAt ?? now, updatedAt: now })
    .where(eq(apps.appId, app.appId))
    .returning();
  await changes.announce(app.appId);
  return toAppView(saved!, await loadTools(platform.db, app.appId), true);
}
