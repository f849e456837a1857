import { FRAME_SOURCE, postToShell } from './bridge';

/**
 * Where the app is inside its frame: one history for the SDK's pages, react-router and the Next.js names alike.
 * The frame's own address never changes (it is the app document's); each move is told to the shell, which shows
 * it in the visitor's address bar as `/app/{appId}/{path}` (spec 001 §2) and sends Back and Forward back here.
 */
export interface FrameLocation {
  /** the path without its leading `/`: `''` is the app's start, `Pricing`, `products/42` */
  path: string;
  /** the query string without `?` */
  search: string;
  /** the fragment without `#` */
  hash: string;
  state: unknown;
  key: string;
  /** how the app got here, as react-router names it */
  action: 'POP' | 'PUSH' | 'REPLACE';
}

export interface LocationTarget {
  path: string;
  search?: string;
  hash?: string;
}

let entries: FrameLocation[] = [
  { path: '', search: '', hash: '', state: null, key: 'default', action: 'POP' },
];
let index = 0;
let keys = 0;
const listeners = new Set<() => void>();
/** a data router (createBrowserRouter) that owns the location: the shell's moves are sent to it */
let driver: ((target: LocationTarget) => void) | null = null;

function emit() {
  for (const listener of listeners) listener();
}

function clean(target: LocationTarget): Omit<FrameLocation, 'state' | 'key' | 'action'> {
  return {
    path: target.path.replace(/^\/+/, ''),
    search: (target.search ?? '').replace(/^\?/, ''),
    hash: (target.hash ?? '').replace(/^#/, ''),
  };
}

export function frameLocation(): FrameLocation {
  return entries[index]!;
}

export function subscribeLocation(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The location the document opened on (`?page=…&search=…`, from the visitor's address). */
export function initFrameLocation(target: LocationTarget): void {
  entries = [{ ...clean(target), state: null, key: 'default', action: 'POP' }];
  index = 0;
  driver = null;
}

function tellShell(location: FrameLocation, replace: boolean) {
  postToShell({
    source: FRAME_SOURCE,
    type: 'navigate',
    page: location.path,
    search: location.search,
    ...(replace ? { replace: true } : {}),
  });
}

/** A move the app made (a link, `navigate()`): a new entry, or the current one replaced. */
export function pushLocation(target: LocationTarget, state: unknown = null, replace = false): void {
  const next: FrameLocation = {
    ...clean(target),
    state,
    key: `k${++keys}`,
    action: replace ? 'REPLACE' : 'PUSH',
  };
  if (replace) entries[index] = next;
  else {
    entries = [...entries.slice(0, index + 1), next];
    index += 1;
  }
  tellShell(next, replace);
  emit();
}

/** `navigate(-1)` and the like: moves inside the frame's own entries, told to the shell as a new address. */
export function goLocation(delta: number): void {
  const target = Math.max(0, Math.min(entries.length - 1, index + delta));
  if (target === index) return;
  index = target;
  entries[index] = { ...entries[index]!, action: 'POP' };
  tellShell(entries[index]!, false);
  emit();
}

/** The shell moved the app (the visitor pressed Back or Forward): shown here, not told back. */
export function applyShellLocation(target: LocationTarget): void {
  const next = clean(target);
  const now = frameLocation();
  if (next.path === now.path && next.search === now.search) return;
  if (driver) {
    driver(next);
    return;
  }
  entries[index] = { ...next, hash: '', state: null, key: `k${++keys}`, action: 'POP' };
  emit();
}

/**
 * A data router that keeps its own history takes the shell's moves; its own moves are reported through
 * `reportDriverLocation`. Answers the function that lets it go.
 */
export function driveLocation(apply: (target: LocationTarget) => void): () => void {
  driver = apply;
  return () => {
    if (driver === apply) driver = null;
  };
}

/** A move of a data router: recorded as the frame's location and told to the shell. */
export function reportDriverLocation(target: LocationTarget, action: FrameLocation['action']): void {
  const next: FrameLocation = { ...clean(target), state: null, key: `k${++keys}`, action };
  const now = frameLocation();
  if (next.path === now.path && next.search === now.search && next.hash === now.hash) return;
  entries[index] = next;
  tellShell(next, action === 'REPLACE');
  emit();
}
