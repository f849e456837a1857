import { appBasePath } from '@/lib/app-base';

/**
 * Runtime addresses (spec 001 §2): everything stays under the app's base path, `/app/{appId}`, or the root of the
 * app's own domain.
 */
const enc = encodeURIComponent;

export const appHomePath = (appId: string) => appBasePath(appId) || '/';
export const toolPagePath = (appId: string, toolPath: string) =>
  `${appBasePath(appId)}/tool/${enc(toolPath)}`;
export const resultPagePath = (appId: string, resultId: string, toolPath: string) =>
  `${appBasePath(appId)}/${enc(resultId)}/tool/${enc(toolPath)}`;
/** One record's public page (spec 000 §2 "/item/"): `{base}/item/{entity}/{recordId}`. */
export const itemPagePathOf = (appId: string, entity: string, recordId: string) =>
  `${appBasePath(appId)}/item/${enc(entity)}/${enc(recordId)}`;

/**
 * What an address under `/app/{appId}` shows: the app's home, a tool, a result of a tool, an item page, or a page of
 * a space app (`/app/{appId}/{Page}`, which only a space app has).
 */
export type RuntimeRoute =
  | { page: 'home'; appId: string }
  | { page: 'space'; appId: string; spacePage: string }
  | { page: 'tool'; appId: string; toolPath: string; resultId?: string }
  | { page: 'item'; appId: string; entity?: string; recordId?: string };

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Reads a pathname as one of the runtime's pages; null when it is none of them (a 404). */
export function matchRuntimePath(pathname: string): RuntimeRoute | null {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1).map(decode);
  if (parts[0] !== 'app' || !parts[1] || parts.some((p) => p === null || p === '')) return null;
  const [, appId, a, b, c] = parts as string[];
  if (parts.length === 2) return { page: 'home', appId: appId! };
  if (a === 'item')
    return parts.length === 5
      ? { page: 'item', appId: appId!, entity: b!, recordId: c! }
      : { page: 'item', appId: appId! };
  if (parts.length === 3 && a !== 'tool') return { page: 'space', appId: appId!, spacePage: a! };
  if (parts.length === 4 && a === 'tool') return { page: 'tool', appId: appId!, toolPath: b! };
  if (parts.length === 5 && b === 'tool') return { page: 'tool', appId: appId!, resultId: a!, toolPath: c! };
  return null;
}
