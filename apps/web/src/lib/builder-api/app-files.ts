import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AppFile, AppFilesResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

function filesPath(appId: string) {
  return `/api/apps/${encodeURIComponent(appId)}/files`;
}

/** A file's path in the URL: each segment encoded, the `/` between them kept (the server takes either). */
export function filePathUrl(appId: string, path: string) {
  return `${filesPath(appId)}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * GET /api/apps/{appId}/files: a space app's current files, sorted by path. The one query of this resource; the
 * workspace refetches it when the chat changes files. Not refetched on focus: the editor keeps its own drafts.
 */
export function appFilesQuery(appId: string) {
  return queryOptions({
    queryKey: queryKeys.appFiles(appId),
    queryFn: ({ signal }) => api<AppFilesResponse>(filesPath(appId), { signal }).then((r) => r.files),
    refetchOnWindowFocus: false,
  });
}

/** PUT /api/apps/{appId}/files/{path} {content} → {file}: the code editor's save (admins only). */
export async function saveAppFile(appId: string, path: string, content: string): Promise<AppFile> {
  const body = await api<{ file: AppFile }>(filePathUrl(appId, path), { method: 'PUT', body: { content } });
  return body.file;
}

/** Puts a saved file into the cached list, so the editor's base is what the server holds now. */
export function cacheSavedFile(queryClient: QueryClient, appId: string, file: AppFile) {
  queryClient.setQueryData<AppFile[]>(queryKeys.appFiles(appId), (files) => {
    if (!files) return files;
    const others = files.filter((f) => f.path !== file.path);
    return [...others, file].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  });
}
