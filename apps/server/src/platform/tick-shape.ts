import { createHook } from 'node:async_hooks';

let pinned: object | undefined;

/**
 * Keeps one `process.nextTick` record alive for the life of the process.
 *
 * Node builds each queued tick as an object literal with computed keys, and V8 caches the shapes (maps) of those
 * objects weakly in `nextTick`'s inline caches. When a full garbage collection runs at a moment no tick is queued —
 * which happens while the embedded database unpacks its pgvector extension at start-up — those shapes die, the
 * caches are left pointing at cleared shapes and never recover: every `nextTick` then takes V8's slow path, about
 * five times slower, and node's HTTP server calls it several times per request (about 30% of the server's CPU on
 * `/api/health`). Holding one tick record keeps its shape, and so the caches, alive. Call it first thing.
 */
export function pinTickShape(): void {
  if (pinned) return;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject') pinned ??= resource as object;
    },
  }).enable();
  process.nextTick(() => {}, undefined);
  hook.disable();
}
