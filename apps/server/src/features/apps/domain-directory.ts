import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { preparedPerDb } from '../../db/prepared';
import { apps } from '../../db/schema';
import type { Platform } from '../../platform';
import type { AppChangeBus } from './app-change-bus';

export interface DomainDirectory {
  /** The app whose custom domain is this Host header (any case, port ignored), or null. */
  appFor(host: string | undefined): Promise<string | null>;
  close(): Promise<void>;
}

const MAX_ENTRIES = 1_000;
/** Short: an answer is also dropped on every app change; this covers a lost announcement. */
const TTL_MS = 30_000;

const appByDomain = preparedPerDb((db) =>
  db
    .select({ appId: apps.appId })
    .from(apps)
    .where(eq(apps.customDomain, sql.placeholder('domain')))
    .limit(1)
    .prepare('app_by_custom_domain'),
);

/** `App.Example.com:8443` → `app.example.com`; an IPv6 literal keeps its brackets. */
export function hostName(host: string | undefined): string {
  const h = (host ?? '').trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d*$/, '').replace(/\.$/, '');
}

/**
 * Which app a request's host belongs to (the custom domain of app settings), asked on every page request: one
 * indexed query per host, remembered briefly. Any app change (a settings save among them) forgets every answer on
 * every instance, so a domain set or removed takes effect at once; unknown hosts are remembered too, so the
 * product's own host costs no query after the first.
 */
export function createDomainDirectory(platform: Platform, changes: AppChangeBus): DomainDirectory {
  const cache = new LRUCache<string, { appId: string | null }>({ max: MAX_ENTRIES, ttl: TTL_MS });
  let generation = 0;
  let listening = false;
  const subscription = changes
    .subscribe(() => {
      generation += 1;
      // lru-cache's clear() writes every slot of its arrays (MAX_ENTRIES of each), however few it holds: on every
      // app change, most often with none held (decision 0005-house-order/speed.md, "Session 28")
      if (cache.size > 0) cache.clear();
    })
    .then(
      (unsubscribe) => {
        listening = true;
        return unsubscribe;
      },
      (err: unknown) => {
        platform.logger.warn({ err }, 'custom domains are looked up on every request');
        return async () => {};
      },
    );

  return {
    async appFor(host) {
      const domain = hostName(host);
      if (!domain) return null;
      const hit = cache.get(domain);
      if (hit) return hit.appId;
      const before = generation;
      const [row] = await appByDomain(platform.db).execute({ domain });
      const appId = row?.appId ?? null;
      // an answer read across a change could be stale: not kept
      if (listening && before === generation) cache.set(domain, { appId });
      return appId;
    },
    async close() {
      await (
        await subscription
      )();
    },
  };
}
