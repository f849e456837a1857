import { randomUUID } from 'node:crypto';
import type { Platform } from '../../platform';

/** Channel on which every change to an app or its tools is announced, so caches of it are dropped. */
export const APP_CHANGED_CHANNEL = 'apps.changed';

interface LocalChanges {
  /** Names this instance in its announcements, so it does not hear its own twice. */
  origin: string;
  listeners: Set<(appId: string) => void>;
}
const localChanges = new WeakMap<Platform, LocalChanges>();

function changesOf(platform: Platform): LocalChanges {
  let local = localChanges.get(platform);
  if (!local) localChanges.set(platform, (local = { origin: randomUUID(), listeners: new Set() }));
  return local;
}

/**
 * Calls `listener` with the id of every app that changes: at once for changes made by this instance, and
 * through the events adapter for changes made by any other. Returns a function that stops it.
 */
export async function onAppChange(
  platform: Platform,
  listener: (appId: string) => void,
): Promise<() => Promise<void>> {
  const local = changesOf(platform);
  local.listeners.add(listener);
  try {
    const unsubscribe = await platform.events.subscribe(APP_CHANGED_CHANNEL, (payload) => {
      const { appId, origin } = (payload ?? {}) as { appId?: unknown; origin?: unknown };
      if (typeof appId === 'string' && origin !== local.origin) listener(appId);
    });
    return async () => {
      local.listeners.delete(listener);
      await unsubscribe();
    };
  } catch (err) {
    local.listeners.delete(listener);
    throw err;
  }
}

/** Announces that an app or one of its tools changed: to this instance at once, then to every other. */
export async function announceAppChange(platform: Platform, appId: string): Promise<void> {
  const local = changesOf(platform);
  for (const listener of local.listeners) listener(appId);
  try {
    await platform.events.publish(APP_CHANGED_CHANNEL, { appId, origin: local.origin });
  } catch (err) {
    platform.logger.warn({ err, appId }, 'could not announce an app change');
  }
}
