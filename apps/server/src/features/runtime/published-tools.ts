import { and, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AppSettings } from '@buildai/domain';
import { apps, tools } from '../../db/schema';
import type { Platform } from '../../platform';
import { readSettings, type AppChangeBus, type AppRow, type ToolRow } from '../apps';
import { rememberedFields } from '../memories';
import { createAppData } from './app-data';

export interface ToolWithApp {
  app: AppRow;
  tool: ToolRow;
  /** the app's settings with their defaults, read once per cached entry */
  settings: AppSettings;
  /** names of the tool's fields remembered for the user (personal or memorize) */
  remembered: string[];
}

export interface PublishedTools {
  /** The app and its tool at this path, from memory when it is a published, active tool. */
  find(appId: string, toolPath: string): Promise<ToolWithApp | undefined>;
  /** Whether the app has a synced data item to search, from memory once known (`app-data.ts`). */
  hasData(appId: string): Promise<boolean>;
  /** Stops listening for changes. */
  close(): Promise<void>;
}

const MAX_ENTRIES = 5_000;
/** A safety net in case a change announcement is lost (e.g. while Redis reconnects). */
const TTL_MS = 60_000;

/**
 * The tools end users run, kept in memory so a run reaches the model without a database read.
 * Only what anyone may run is kept (published app, active tool); every change to an app is announced on
 * `apps.changed` and drops that app's entries on every instance.
 */
export function createPublishedTools(platform: Platform, changes: AppChangeBus): PublishedTools {
  const cache = new LRUCache<string, ToolWithApp>({ max: MAX_ENTRIES, ttl: TTL_MS });
  const byApp = new Map<string, Set<string>>();
  // A read that started before a change must not put its stale row back after the change was announced.
  const generation = new Map<string, number>();
  const appData = createAppData(platform);

  const forget = (appId: string) => {
    generation.set(appId, (generation.get(appId) ?? 0) + 1);
    for (const key of byApp.get(appId) ?? []) cache.delete(key);
    byApp.delete(appId);
  };
  // Nothing is kept until changes are being received.
  let listening = false;
  const subscription = changes.subscribe(forget).then(
    (unsubscribe) => {
      listening = true;
      return unsubscribe;
    },
    (err: unknown) => {
      platform.logger.warn({ err }, 'published tools are read from the database on every run');
      return async () => {};
    },
  );

  return {
    async find(appId, toolPath) {
      const key = `${appId}\u0000${toolPath}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const before = generation.get(appId) ?? 0;
      const [row] = await platform.db
        .select({ app: apps, tool: tools })
        .from(tools)
        .innerJoin(apps, eq(apps.appId, tools.appId))
        .where(and(eq(tools.appId, appId), eq(tools.path, toolPath)));
      if (!row) return undefined;
      const found: ToolWithApp = {
        ...row,
        settings: readSettings(row.app),
        remembered: rememberedFields(row.tool.definition.fields ?? []),
      };
      const isPublic = found.app.isPublished && found.tool.status === 'active';
      if (listening && isPublic && (generation.get(appId) ?? 0) === before) {
        cache.set(key, found);
        let keys = byApp.get(appId);
        if (!keys) byApp.set(appId, (keys = new Set()));
        keys.add(key);
      }
      return found;
    },
    hasData: (appId) => appData.has(appId),
    async close() {
      listening = false;
      await (
        await subscription
      )();
      cache.clear();
      byApp.clear();
      appData.close();
    },
  };
}
