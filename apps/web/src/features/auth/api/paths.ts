/** Identity and account calls live under this base (spec 000 §7, docs/decisions/0002). */
export const LIVE_API = '/api/live_api';

/** `path?appId=<appId>` for an app's tenant; the builders' platform leaves `appId` out. */
export function withAppId(path: string, appId?: string | null): string {
  return appId ? `${path}?appId=${encodeURIComponent(appId)}` : path;
}
