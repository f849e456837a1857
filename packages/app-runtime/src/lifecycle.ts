import { FRAME_SOURCE, postToShell } from './bridge';
import { frameLocation } from './frame-location';

let loaded = false;

/** Tells the shell, once, that the app is on screen (its root has rendered, or its build errors are shown). */
export function postLoaded(): void {
  if (loaded) return;
  loaded = true;
  postToShell({ source: FRAME_SOURCE, type: 'loaded', page: frameLocation().path });
}

/** An app's own root rendered (its main.tsx): loaded once React has committed the first render. */
export function appRendered(): void {
  setTimeout(postLoaded, 0);
}

/** The React roots the app's code and the runtime made: a swap unmounts them before the new bundle runs. */
const roots = new Set<{ unmount(): void }>();

export function trackRoot<T extends { unmount(): void }>(root: T): T {
  roots.add(root);
  return root;
}

export function unmountRoots(): void {
  for (const root of roots) {
    try {
      root.unmount();
    } catch {
      // a root the app already unmounted
    }
  }
  roots.clear();
}
