import { eq } from 'drizzle-orm';
import { AppError, buildErrorLine, type AppBuildError } from '@buildai/domain';
import { appFiles, appPublishedFiles, apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { lockChat } from './chat-lock';
import type { AppChangeBus } from './app-change-bus';
import { loadOwnedApp, loadTools, requireBuilder } from './load-app';
import { toAppView } from './view';

/**
 * Publishes the app: its active tools become reachable by anyone. Publishing again keeps the first date. A space app's
 * current files are copied for visitors in the same transaction, so they never see half of one publish and half of
 * another (decision 0007, "Publishing"), nor half of a chat turn (refused while one runs).
 */
export interface PublishAppOptions {
  platform: Platform;
  changes: AppChangeBus;
  caller: Caller;
  appId: string;
  /** a space app's build check: one that does not build is not published (visitors never see build errors) */
  checkBuild?: (appId: string) => Promise<AppBuildError[]>;
}

/** The most build errors the refusal names; the issues panel lists them all. */
const NAMED_ERRORS = 3;

export async function publishApp({ platform, changes, caller, appId, checkBuild }: PublishAppOptions) {
  const account = await requireBuilder(platform, caller);
  const app = await loadOwnedApp(platform.db, account.accountId, appId);
  if (app.appType === 'space' && checkBuild) {
    const errors = await checkBuild(app.appId);
    if (errors.length > 0) {
      const named = errors.slice(0, NAMED_ERRORS).map(buildErrorLine).join('; ');
      const more = errors.length > NAMED_ERRORS ? ` (and ${errors.length - NAMED_ERRORS} more)` : '';
      throw new AppError('space/publish-build-failed', {
        message: `${new AppError('space/publish-build-failed').message}. ${named}${more}`,
        details: { errors },
      });
    }
  }
  const now = new Date();
  const saved = await platform.db.transaction(async (tx) => {
    if (app.appType === 'space') {
      // a running turn may have written some of its files and not yet the rest: publishing now could show
      // visitors half of a change, so it waits for the chat as a restore does (409 space/chat-busy)
      await lockChat(tx, app.appId);
      await tx.delete(appPublishedFiles).where(eq(appPublishedFiles.appId, app.appId));
      await tx
        .insert(appPublishedFiles)
        .select(
          tx
            .select({ appId: appFiles.appId, path: appFiles.path, content: appFiles.content })
            .from(appFiles)
            .where(eq(appFiles.appId, app.appId)),
        );
    }
    const [row] = await tx
      .update(apps)
      .set({ isPublished: true, publishedAt: app.publishedAt ?? now, updatedAt: now })
      .where(eq(apps.appId, app.appId))
      .returning();
    return row!;
  });
  await changes.announce(app.appId);
  return toAppView(saved, await loadTools(platform.db, app.appId), true);
}
