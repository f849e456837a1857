import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { EntitiesResponse, EntitySchema } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { listRecords } from '@/lib/app-records';
import { uploadFile } from '@/lib/upload';
import { queryKeys } from '@/lib/query-keys';

/** The app database's calls (issue "The app database": the routes under /api/apps/{appId}/entities). */

export {
  bulkCreateRecords,
  createRecord,
  deleteRecord,
  listAllRecordIds,
  listAllRecords,
  listRecords,
  updateRecord,
} from '@/lib/app-records';

const entitiesPath = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/entities`;

/** GET /api/apps/{appId}/entities: the entities (the built-in User entity is not listed). */
export function entitiesQuery(appId: string) {
  return queryOptions({
    queryKey: queryKeys.appEntities(appId),
    queryFn: ({ signal }) => api<EntitiesResponse>(entitiesPath(appId), { signal }),
  });
}

export const recordsKey = (appId: string, entity: string) =>
  [...queryKeys.appEntities(appId), entity, 'records'] as const;

/** GET …/records?limit=&cursor=, page by page, newest first; the first page says how many there are in all. */
export function recordsQuery(appId: string, entity: string, limit = 200) {
  return infiniteQueryOptions({
    queryKey: recordsKey(appId, entity),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      listRecords(appId, entity, { limit, cursor: pageParam, signal, total: pageParam === null }),
    getNextPageParam: (last) => last.nextCursor,
  });
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
