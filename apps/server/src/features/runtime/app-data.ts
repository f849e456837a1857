import { LRUCache } from 'lru-cache';
import type { Platform } from '../../platform';
import { contextChannel, hasSyncedItems } from '../context';

export interface AppData {
  /** Whether the app has a synced data item, so a run searches its data; from memory once known. */
  has(appId: string): Promise<boolean>;
  /** Stops listening for changes. */
  close(): void;
}

interface Entry {
  /** whether the app's item changes are being received */
  listening: boolean;
  unsubscribe?: () => Promise<void>;
  /** the answer, kept only while changes are being received */
  known?: boolean;
  /** bumped by every change to one of the app's items */
  generation: number;
}

const MAX_APPS = 5_000;
/** A safety net in case a change announcement is lost (e.g. while Redis reconnects). */
const TTL_MS = 60_000;

/**
 * Whether each app has data to search, kept in memory so a run of an app without data reaches the model without
 * a database read. An item becomes synced only through the ingestion pipeline, which announces it on the app's
 * item channel (`contextChannel`); every announcement drops the app's answer on every instance. An answer read
 * before the channel was being received is used once and not kept.
 */
export function createAppData(platform: Platform): AppData {
  const entries = new LRUCache<string, Entry>({
    max: MAX_APPS,
    ttl: TTL_MS,
    dispose: (entry) => void entry.unsubscribe?.().catch(() => undefined),
  });

  const watch = (appId: string): Entry => {
    const entry: Entry = { generation: 0, listening: false };
    entries.set(appId, entry);
    platform.events
      .subscribe(contextChannel(appId), () => {
        entry.generation++;
        entry.known = undefined;
      })
      .then(
        (unsubscribe) => {
          // dropped meanwhile (evicted or expired): nobody will call it, so stop listening now
          if (entries.peek(appId) !== entry) return void unsubscribe().catch(() => undefined);
          entry.unsubscribe = unsubscribe;
          entry.listening = true;
        },
        (err: unknown) => {
          entries.delete(appId);
          platform.logger.warn({ err, appId }, 'could not listen for the data item changes of an app');
        },
      );
    return entry;
  };

  return {
    async has(appId) {
      const entry = entries.get(appId) ?? watch(appId);
      if (entry.known !== undefined) return entry.known;
      // only an answer read while changes are received can be kept: one read before could miss a change
      const { listening, generation } = entry;
      const has = await hasSyncedItems(platform.db, appId);
      if (listening && entry.generation === generation && entries.peek(appId) === entry) entry.known = has;
      return has;
    },
    close: () => entries.clear(),
  };
}
