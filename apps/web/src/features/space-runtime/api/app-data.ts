import type {
  AppMeResponse,
  BulkRecordsResponse,
  EntityRecord,
  RecordFields,
  RecordsPage,
} from '@buildai/domain';
import { api } from '@/lib/api-client';

/**
 * The calls the shell makes for its app's frame (docs/decisions/0008, "The data bridge"): the app database's record
 * routes and who the visitor is, with the product's session (the builder's token in the preview, the app's end
 * user's at `/app/{appId}`, none for an anonymous visitor).
 */
const recordsPath = (appId: string, entity: string) =>
  `/api/apps/${encodeURIComponent(appId)}/entities/${encodeURIComponent(entity)}/records`;

export function listAppRecords(
  appId: string,
  entity: string,
  query: { limit?: number; cursor?: string },
): Promise<RecordsPage> {
  const search = new URLSearchParams();
  if (query.limit !== undefined) search.set('limit', String(query.limit));
  if (query.cursor) search.set('cursor', query.cursor);
  const suffix = search.toString();
  return api<RecordsPage>(`${recordsPath(appId, entity)}${suffix ? `?${suffix}` : ''}`);
}

export function getAppRecord(appId: string, entity: string, id: string): Promise<EntityRecord> {
  return api<EntityRecord>(`${recordsPath(appId, entity)}/${encodeURIComponent(id)}`);
}

export function createAppRecord(appId: string, entity: string, fields: RecordFields): Promise<EntityRecord> {
  return api<EntityRecord>(recordsPath(appId, entity), { method: 'POST', body: { fields } });
}

export function updateAppRecord(
  appId: string,
  entity: string,
  id: string,
  fields: RecordFields,
): Promise<EntityRecord> {
  return api<EntityRecord>(`${recordsPath(appId, entity)}/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: fields,
  });
}

export function deleteAppRecord(appId: string, entity: string, id: string): Promise<void> {
  return api<void>(`${recordsPath(appId, entity)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function bulkCreateAppRecords(
  appId: string,
  entity: string,
  records: RecordFields[],
): Promise<BulkRecordsResponse> {
  return api<BulkRecordsResponse>(`${recordsPath(appId, entity)}/bulk`, {
    method: 'POST',
    body: { records },
  });
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
