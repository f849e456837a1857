import { randomUUID } from 'node:crypto';
import type { Platform } from '../../platform';

/** Channel on which every change to an app or its tools is announced, so caches of it are dropped. */
export const APP_CHANGED_CHANNEL = 'apps.changed';

/**
 * The app changes of one server (built once by `createServices`): heard at once by this instance's listeners and,
 * through the events adapter, by every other instance.
 */
export class AppChangeBus {
  /** Names this instance in its announcements, so it does not hear its own twice. */
  private readonly origin = randomUUID();
  private readonly listeners = new Set<(appId: string) => void>();

  constructor(private readonly platform: Pick<Platform, 'events' | 'logger'>) {}

  /**
   * Calls `listener` with the id of every app that changes: at once for changes made by this instance, and
   * through the events adapter for changes made by any other. Returns a function that stops it.
   */
  async subscribe(listener: (appId: string) => void): Promise<() => Promise<void>> {
    this.listeners.add(listener);
    try {
      const unsubscribe = await this.platform.events.subscribe(APP_CHANGED_CHANNEL, (payload) => {
        const { appId, origin } = (payload ?? {}) as { appId?: unknown; origin?: unknown };
        if (typeof appId === 'string' && origin !== this.origin) listener(appId);
      });
      return async () => {
        this.listeners.delete(listener);
        await unsubscribe();
      };
    } catch (err) {
      this.listeners.delete(listener);
      throw err;
    }
  }

  /**
   * Announces that an app or one of its tools changed: to this instance at once, then to every other. Events kept
   * in this process reach no other instance (there is none): nothing is published then, since this instance would
   * only hear its own announcement and drop it.
   */
  async announce(appId: string): Promise<void> {
    for (const listener of this.listeners) listener(appId);
    if (this.platform.events.kind === 'in-process') return;
    try {
      await this.platform.events.publish(APP_CHANGED_CHANNEL, { appId, origin: this.origin });
    } catch (err) {
      this.platform.logger.warn({ err, appId }, 'could not announce an app change');
    }
  }
}
