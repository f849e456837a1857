import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  BulkRecordsResponse,
  EntitiesResponse,
  EntityRecord,
  EntitySchema,
  RecordFields,
  RecordsPage,
} from '@buildai/domain';
import { api } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload';
import { queryKeys } from '@/lib/query-keys';

/** The app database's calls (issue "The app database": the routes under /api/apps/{appId}/entities). */

const entitiesPath = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/entities`;
const recordsPath = (appId: string, entity: string) =>
  `${entitiesPath(appId)}/${encodeURIComponent(entity)}/records`;

/** GET /api/apps/{appId}/entities: the entities (the built-in User entity is not listed). */
export function entitiesQuery(appId: string) {
  return queryOptions({
    queryKey: queryKeys.appEntities(appId),
    queryFn: ({ signal }) => api<EntitiesResponse>(entitiesPath(appId), { signal }),
  });
}

export const recordsKey = (appId: string, entity: string) =>
  [...queryKeys.appEntities(appId), entity, 'records'] as const;

/** GET …/records?limit=&cursor=, page by page, newest first. */
export function recordsQuery(appId: string, entity: string, limit = 200) {
  return infiniteQueryOptions({
    queryKey: recordsKey(appId, entity),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => listRecords(appId, entity, { limit, cursor: pageParam, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function listRecords(
  appId: string,
  entity: string,
  opts: { limit?: number; cursor?: string | null; signal?: AbortSignal } = {},
): Promise<RecordsPage> {
  const search = new URLSearchParams();
  if (opts.limit) search.set('limit', String(opts.limit));
  if (opts.cursor) search.set('cursor', opts.cursor);
  const query = search.toString();
  return api<RecordsPage>(`${recordsPath(appId, entity)}${query ? `?${query}` : ''}`, {
    signal: opts.signal,
  });
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

export function createRecord(appId: string, entity: string, fields: RecordFields): Promise<EntityRecord> {
  return api<EntityRecord>(recordsPath(appId, entity), { method: 'POST', body: { fields } });
}

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

/** POST /api/apps/{appId}/images?kind=data: an image for an image cell; answers its URL. */
export async function uploadCellImage(appId: string, file: File): Promise<string> {
  const { url } = await uploadFile<{ url: string }>(
    `/api/apps/${encodeURIComponent(appId)}/images?kind=data`,
    file,
  );
  return url;
}

export type { EntitySchema };
