import type { BulkRecordsResponse, EntityRecord, RecordFields, RecordsPage } from '@buildai/domain';
import { api } from '@/lib/api-client';

/**
 * The app database's record routes (`/api/apps/{appId}/entities/{name}/records…`, docs/decisions/0008), called with
 * the product's session: by the builder's database screen, and by the runtime shell on behalf of its app's frame.
 */
export const recordsPath = (appId: string, entity: string) =>
  `/api/apps/${encodeURIComponent(appId)}/entities/${encodeURIComponent(entity)}/records`;

/** GET …/records?limit=&cursor=&total=, newest first. */
export function listRecords(
  appId: string,
  entity: string,
  opts: { limit?: number; cursor?: string | null; signal?: AbortSignal; total?: boolean } = {},
): Promise<RecordsPage> {
  const search = new URLSearchParams();
  if (opts.limit) search.set('limit', String(opts.limit));
  if (opts.cursor) search.set('cursor', opts.cursor);
  if (opts.total) search.set('total', 'true');
  const query = search.toString();
  return api<RecordsPage>(`${recordsPath(appId, entity)}${query ? `?${query}` : ''}`, {
    signal: opts.signal,
  });
}

/** The ids of every record of an entity the caller may read, newest first (the table's "Select all"). */
export async function listAllRecordIds(
  appId: string,
  entity: string,
  signal?: AbortSignal,
): Promise<string[]> {
  return (await listAllRecords(appId, entity, signal)).map((r) => r.id);
}

/** Every record of an entity, newest first (the export), page after page. */
export async function listAllRecords(
  appId: string,
  entity: string,
  signal?: AbortSignal,
): Promise<EntityRecord[]> {
  const all: EntityRecord[] = [];
  let cursor: string | null = null;
  do {
    const page: RecordsPage = await listRecords(appId, entity, { limit: 200, cursor, signal });
    all.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

export function getRecord(appId: string, entity: string, id: string): Promise<EntityRecord> {
  return api<EntityRecord>(`${recordsPath(appId, entity)}/${encodeURIComponent(id)}`);
}

export function createRecord(appId: string, entity: string, fields: RecordFields): Promise<EntityRecord> {
  return api<EntityRecord>(recordsPath(appId, entity), { method: 'POST', body: { fields } });
}

/** POST …/records/bulk */
export function bulkCreateRecords(
  appId: string,
  entity: string,
  records: RecordFields[],
  signal?: AbortSignal,
): Promise<BulkRecordsResponse> {
  return api<BulkRecordsResponse>(`${recordsPath(appId, entity)}/bulk`, {
    method: 'POST',
    body: { records },
    signal,
  });
}

/** PATCH …/records/{id}: the cells that changed (the table sends one at a time). */
export function updateRecord(
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

export function deleteRecord(appId: string, entity: string, id: string): Promise<void> {
  return api<void>(`${recordsPath(appId, entity)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
