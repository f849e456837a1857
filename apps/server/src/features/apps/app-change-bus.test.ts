import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { InProcessEvents } from '../../platform/events/in-process';
import type { EventHandler, Events } from '../../platform/events/types';
import { APP_CHANGED_CHANNEL, AppChangeBus } from './app-change-bus';

const logger = pino({ level: 'silent' });

/** Events shared by several instances, as Redis is: what one publishes, every subscriber hears. */
function sharedEvents() {
  const handlers = new Set<EventHandler>();
  const published: unknown[] = [];
  const instance = (): Events => ({
    kind: 'redis',
    publish: async (channel, payload) => {
      if (channel !== APP_CHANGED_CHANNEL) return;
      published.push(payload);
      for (const h of handlers) h(JSON.parse(JSON.stringify(payload)));
    },
    subscribe: async (_channel, handler) => {
      handlers.add(handler);
      return async () => void handlers.delete(handler);
    },
    close: async () => {},
  });
  return { instance, published };
}

describe('the app change bus', () => {
  it('tells this instance at once, and publishes nothing when its events stay in this process', async () => {
    const events = new InProcessEvents(logger);
    const heard: string[] = [];
    let published = 0;
    const publish = events.publish.bind(events);
    events.publish = async (channel, payload) => {
      published++;
      return publish(channel, payload);
    };
    const bus = new AppChangeBus({ events, logger });
    await bus.subscribe((appId) => heard.push(appId));
    await bus.announce('app-1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['app-1']);
    expect(published).toBe(0);
  });

  it('tells every other instance through shared events, and each hears a change once', async () => {
    const shared = sharedEvents();
    const a = new AppChangeBus({ events: shared.instance(), logger });
    const b = new AppChangeBus({ events: shared.instance(), logger });
    const heardA: string[] = [];
    const heardB: string[] = [];
    await a.subscribe((appId) => heardA.push(appId));
    await b.subscribe((appId) => heardB.push(appId));
    await a.announce('app-2');
    expect(heardA).toEqual(['app-2']);
    expect(heardB).toEqual(['app-2']);
    expect(shared.published).toEqual([{ appId: 'app-2', origin: expect.any(String) }]);
  });
});
