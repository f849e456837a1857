import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
} from 'react';
import { frameLocation, pushLocation, subscribeLocation } from './frame-location';
import { ENTITY_NAME_PATTERN } from '@buildai/domain/app-bridge-protocol';
import { AppDataError, reportToShell, requestShell, toErrorItem, type DataOp } from './bridge';

export { AppDataError };

/**
 * `@buildai/app-sdk`: what generated code uses to move between its pages and to report. Navigation keeps the
 * visitor's address `/app/{appId}/{Page}`: the frame tells the shell, which reflects it in the address bar. The
 * location is the frame's one history (frame-location.ts), which react-router's names share.
 */

let appId = '';
let pages: string[] = [];
let mainPage = 'Home';

/** Called once by the runtime when the app starts. */
export function initLocation(id: string, pageNames: string[], main: string): void {
  appId = id;
  pages = pageNames;
  mainPage = main;
}

function toSearch(params?: Record<string, string | number | boolean>): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) search.set(key, String(value));
  return search.toString();
}

/** The page a path names: its first segment, matched to a page name whatever its case; '' is the main page. */
export function pageOfPath(path: string): string {
  const first = path.replace(/^\/+/, '').split('/')[0] ?? '';
  let name = first;
  try {
    name = decodeURIComponent(first);
  } catch {
    // a malformed escape stays as written
  }
  if (!name) return mainPage;
  return pages.find((p) => p === name) ?? pages.find((p) => p.toLowerCase() === name.toLowerCase()) ?? name;
}

/** Opens another page of the app, e.g. `navigate('Pricing')` or `navigate('Product', { id: '42' })`. */
export function navigate(page: string, params?: Record<string, string | number | boolean>): void {
  pushLocation({ path: page.replace(/^\/+/, ''), search: toSearch(params) });
  window.scrollTo(0, 0);
}

/** The page shown now, e.g. `'Home'`. */
export function usePage(): string {
  return pageOfPath(useSyncExternalStore(subscribeLocation, () => frameLocation().path));
}

/** The current page's parameters (its query string), e.g. `{ id: '42' }`. */
export function useParams(): Record<string, string> {
  const search = useSyncExternalStore(subscribeLocation, () => frameLocation().search);
  return Object.fromEntries(new URLSearchParams(search));
}

/** The app's id. */
export function getAppId(): string {
  return appId;
}

/** The names of the app's pages (one per `pages/{Name}.tsx`). */
export function getPages(): string[] {
  return [...pages];
}

/** The address a visitor sees for a page: `/app/{appId}/{page}`. */
export function pageUrl(page: string, params?: Record<string, string | number | boolean>): string {
  const search = toSearch(params);
  return `/app/${encodeURIComponent(appId)}/${encodeURIComponent(page)}${search ? `?${search}` : ''}`;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** the page to open, e.g. `"Pricing"` */
  to: string;
  params?: Record<string, string | number | boolean>;
}

/** A link to another page of the app (a plain `<a>` to any outside address opens in a new tab). */
export function Link({ to, params, onClick, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={pageUrl(to, params)}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        navigate(to, params);
      }}
    />
  );
}

/** Sends an error to the builder's issues panel without breaking the page. */
export function reportError(error: unknown, componentName?: string): void {
  reportToShell(toErrorItem(error, componentName));
}

// -------------------------------------------------------------------------------------------------------------
// The app database: entities.{Name} (docs/decisions/0008-app-database.md, "The app SDK's data and auth")
// -------------------------------------------------------------------------------------------------------------

/** A record as the app database answers it: its own fields beside `id`, `createdAt` and `creatorId`. */
export type EntityRecord<T extends object = Record<string, unknown>> = T & {
  id: string;
  /** ISO 8601 */
  createdAt: string;
  /** the user who created it; null for an anonymous visitor's record */
  creatorId: string | null;
};

/** What `list()` answers: the records, newest first, and the cursor of the next page (null on the last). */
export type RecordList<T extends object = Record<string, unknown>> = EntityRecord<T>[] & {
  nextCursor: string | null;
};

export interface ListOptions {
  /** records per page, 1–200 (50 when left out) */
  limit?: number;
  /** `nextCursor` of the page before */
  cursor?: string | null;
}

export interface BulkCreateResult {
  /** the ids of the records created, in the order sent */
  created: string[];
  /** the records refused, by their index in what was sent, and why */
  failed: { index: number; message: string }[];
}

/** The calls of one entity, e.g. `entities.Task`. */
export interface EntityApi<T extends object = Record<string, unknown>> {
  list(options?: ListOptions): Promise<RecordList<T>>;
  get(id: string): Promise<EntityRecord<T>>;
  create(fields: Partial<T>): Promise<EntityRecord<T>>;
  update(id: string, fields: Partial<T>): Promise<EntityRecord<T>>;
  delete(id: string): Promise<void>;
  bulkCreate(records: Partial<T>[]): Promise<BulkCreateResult>;
}

/** Subscribers to changes of an entity made by this page (the hooks reload after them). */
const entityListeners = new Map<string, Set<() => void>>();

function entityChanged(entity: string): void {
  for (const listener of entityListeners.get(entity) ?? []) listener();
}

function onEntityChange(entity: string, listener: () => void): () => void {
  let set = entityListeners.get(entity);
  if (!set) entityListeners.set(entity, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

function call<T>(entity: string, op: DataOp, args: Record<string, unknown>): Promise<T> {
  if (!ENTITY_NAME_PATTERN.test(entity)) {
    return Promise.reject(new AppDataError(`"${entity}" is not an entity name`, 'entity/not-found', 0));
  }
  const promise = requestShell<T>({ type: 'data', op, entity, args });
  if (op === 'list' || op === 'get') return promise;
  return promise.then((result) => {
    entityChanged(entity);
    return result;
  });
}

function requireId(id: unknown): string {
  if (typeof id !== 'string' || id === '')
    throw new AppDataError('A record id is a non-empty string', 'record/not-found', 0);
  return id;
}

function plainFields(fields: unknown, what = 'fields'): Record<string, unknown> {
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) {
    throw new AppDataError(`The ${what} of a record are an object, e.g. { title: "…" }`, 'record/invalid', 0);
  }
  return fields as Record<string, unknown>;
}

function entityApi<T extends object>(entity: string): EntityApi<T> {
  return {
    async list(options = {}) {
      const args: Record<string, unknown> = {};
      if (options.limit !== undefined) args.limit = options.limit;
      if (options.cursor) args.cursor = options.cursor;
      const page = await call<{ records?: unknown; nextCursor?: unknown } | null>(entity, 'list', args);
      const records = Array.isArray(page?.records) ? (page.records as EntityRecord<T>[]) : [];
      const nextCursor = typeof page?.nextCursor === 'string' ? page.nextCursor : null;
      return Object.assign([...records], { nextCursor });
    },
    async get(id) {
      return call(entity, 'get', { id: requireId(id) });
    },
    async create(fields) {
      return call(entity, 'create', { fields: plainFields(fields) });
    },
    async update(id, fields) {
      return call(entity, 'update', { id: requireId(id), fields: plainFields(fields) });
    },
    async delete(id) {
      await call(entity, 'delete', { id: requireId(id) });
    },
    async bulkCreate(records) {
      if (!Array.isArray(records))
        throw new AppDataError('bulkCreate takes an array of records', 'record/invalid', 0);
      return call(entity, 'bulkCreate', { records: records.map((r, i) => plainFields(r, `record ${i}`)) });
    },
  };
}

const entityApis = new Map<string, EntityApi>();

/**
 * The app's entities by name: `entities.Task.list()`, `entities.Task.create({ title })`. Each call goes through the
 * page around the app, as the signed-in visitor, and follows the entity's permissions.
 */
export const entities: Record<string, EntityApi> = new Proxy({} as Record<string, EntityApi>, {
  get(_target, name) {
    // not a thenable, nor anything a library probes for: only names of entities
    if (typeof name !== 'string' || name === 'then' || name === 'toJSON' || name === '$$typeof')
      return undefined;
    let api = entityApis.get(name);
    if (!api) entityApis.set(name, (api = entityApi(name)));
    return api;
  },
  has(_target, name) {
    return typeof name === 'string' && ENTITY_NAME_PATTERN.test(name);
  },
  set() {
    return false;
  },
});

/** The signed-in user of the app; the app's owner builder is an `admin`. */
export interface AppUser {
  id: string;
  email: string;
  role: 'user' | 'admin';
}

export interface AuthActionResult {
  /** the visitor is on the way to the sign-in page */
  redirecting: boolean;
  /** why nothing happened, e.g. in the builder's preview */
  notice?: string;
}

let currentUser: { value: AppUser | null } | null = null;
let meRequest: Promise<AppUser | null> | null = null;
const authListeners = new Set<() => void>();

function setCurrentUser(user: AppUser | null): void {
  currentUser = { value: user };
  for (const listener of authListeners) listener();
}

/** Sign-in for the app's end users: the page around the app holds the session, never the app. */
export const auth = {
  /** The signed-in user, or null for a visitor who is not signed in. */
  async me(): Promise<AppUser | null> {
    const user = await requestShell<AppUser | null>({ type: 'auth', op: 'me' });
    setCurrentUser(user ?? null);
    return user ?? null;
  },
  /** Takes the visitor to the app's sign-in page, and back to this page once signed in. */
  signIn(): Promise<AuthActionResult> {
    return requestShell<AuthActionResult>({ type: 'auth', op: 'signIn' });
  },
  /** As signIn, on the page's sign-up form. */
  signUp(): Promise<AuthActionResult> {
    return requestShell<AuthActionResult>({ type: 'auth', op: 'signUp' });
  },
  /** Signs the visitor out; the app shows again as for anyone. */
  async signOut(): Promise<AuthActionResult> {
    const result = await requestShell<AuthActionResult>({ type: 'auth', op: 'signOut' });
    if (!result.notice) setCurrentUser(null);
    return result;
  },
};

/**
 * The app's server functions (issue 31, decision 0014): `functions.invoke('weather', { city })` runs
 * `functions/weather.ts` on the server, with the visitor's own access, and answers what its handler returned. The
 * frame holds no token: the shell makes the call for it, as for the app database.
 */
export const functions = {
  invoke<T = unknown>(name: string, input?: unknown): Promise<T> {
    return requestShell<T>({ type: 'function', name: String(name), input: input ?? null });
  },
};

export interface UseAuthResult {
  user: AppUser | null;
  loading: boolean;
  error: Error | null;
  signIn: () => Promise<AuthActionResult>;
  signUp: () => Promise<AuthActionResult>;
  signOut: () => Promise<AuthActionResult>;
}

/** The signed-in user, loaded once for the whole app: `const { user, loading, signIn } = useAuth()`. */
export function useAuth(): UseAuthResult {
  const known = useSyncExternalStore(
    (listener) => {
      authListeners.add(listener);
      return () => authListeners.delete(listener);
    },
    () => currentUser,
  );
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    if (currentUser) return;
    // every component of the page asks at once: one request answers them all
    meRequest ??= auth.me().finally(() => {
      meRequest = null;
    });
    meRequest.catch((e: unknown) => setError(e instanceof Error ? e : new Error(String(e))));
  }, []);
  return {
    user: known?.value ?? null,
    loading: known === null && error === null,
    error,
    signIn: auth.signIn,
    signUp: auth.signUp,
    signOut: auth.signOut,
  };
}

export interface UseEntityListResult<T extends object> {
  records: EntityRecord<T>[];
  loading: boolean;
  error: Error | null;
  nextCursor: string | null;
  reload: () => void;
}

/**
 * The newest records of an entity, loaded when the page shows and again after this page creates, updates or
 * deletes one of them: `const { records, loading, error } = useEntityList('Task')`.
 */
export function useEntityList<T extends object = Record<string, unknown>>(
  entity: string,
  options: ListOptions = {},
): UseEntityListResult<T> {
  const [state, setState] = useState<{
    records: EntityRecord<T>[];
    nextCursor: string | null;
    error: Error | null;
    loading: boolean;
  }>({ records: [], nextCursor: null, error: null, loading: true });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const limit = options.limit;
  const cursor = options.cursor ?? undefined;
  const latest = useRef(0);
  useEffect(() => onEntityChange(entity, reload), [entity, reload]);
  useEffect(() => {
    const ticket = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    (entities[entity] as unknown as EntityApi<T>).list({ limit, cursor }).then(
      (records) => {
        if (ticket === latest.current)
          setState({ records: [...records], nextCursor: records.nextCursor, error: null, loading: false });
      },
      (e: unknown) => {
        if (ticket === latest.current)
          setState({
            records: [],
            nextCursor: null,
            error: e instanceof Error ? e : new Error(String(e)),
            loading: false,
          });
      },
    );
  }, [entity, limit, cursor, version]);
  return { ...state, reload };
}

/** The first version's name for the entities (`db.entity('Task')` is `entities.Task`, `remove` is `delete`). */
export const db = {
  entity(name: string) {
    const api = entities[name]!;
    return { ...api, remove: api.delete };
  },
};
