import type { AppMeResponse, RecordsPage } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { listRecords } from '@/lib/app-records';

/**
 * The calls the shell makes for its app's frame (docs/decisions/0008, "The data bridge"): the app database's record
 * routes and who the visitor is, with the product's session (the builder's token in the preview, the app's end
 * user's at `/app/{appId}`, none for an anonymous visitor).
 */
// the record routes: the product's one client of them (lib/app-records.ts), under the names the bridge uses
export {
  bulkCreateRecords as bulkCreateAppRecords,
  createRecord as createAppRecord,
  deleteRecord as deleteAppRecord,
  getRecord as getAppRecord,
  updateRecord as updateAppRecord,
} from '@/lib/app-records';

/** GET …/records?limit=&cursor= as the frame asked for it. */
export function listAppRecords(
  appId: string,
  entity: string,
  query: { limit?: number; cursor?: string },
): Promise<RecordsPage> {
  return listRecords(appId, entity, query);
}

/** GET /api/apps/{appId}/me: the visitor as this app sees them (null: anonymous here). */
export function fetchAppUser(appId: string): Promise<AppMeResponse> {
  return api<AppMeResponse>(`/api/apps/${encodeURIComponent(appId)}/me`);
}

/** POST /api/live_api/auth/signOut: ends the session's refresh token. Never throws (the local sign-out follows). */
export async function signOutSession(): Promise<void> {
  try {
    await api<void>('/api/live_api/auth/signOut', { method: 'POST', body: {}, refreshOn401: false });
  } catch {
    // the token is cleared in this browser either way
  }
}

/** POST /api/apps/{appId}/functions/{name}: a server function's answer (the builder's preview runs the current files). */
export async function invokeAppFunction(
  appId: string,
  name: string,
  input: unknown,
  preview: boolean,
): Promise<unknown> {
  const { result } = await api<{ result: unknown }>(
    `/api/apps/${encodeURIComponent(appId)}/functions/${encodeURIComponent(name)}`,
    { method: 'POST', body: { input, ...(preview ? { preview: true } : {}) } },
  );
  return result;
}
