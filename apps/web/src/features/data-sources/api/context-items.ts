import {
  AppError,
  contextItemEventSchema,
  LIVE_CONTEXT_STATUSES,
  parseSseEvent,
  type ContextItem,
  type ContextItemStatus,
  type ContextItemEvent,
  type ContextItemsResponse,
  type TestRetrievalResponse,
} from '@buildai/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiResponse } from '@/lib/api-client';
import { readSseStream } from '@/lib/sse';
import { uploadFile, type UploadOptions } from '@/lib/upload';

/**
 * A data item as the panel shows it (spec 001 §3): the context item, plus the template and instructions links an
 * item may carry.
 */
export type DataItem = ContextItem & {
  templateFileUrl?: string | null;
  instructionsUrl?: string | null;
};

export interface DataItemsResponse extends ContextItemsResponse {
  contextItems: DataItem[];
}

export const contextKeys = {
  items: (appId: string) => ['context', appId, 'items'] as const,
};

const isLiveStatus = (status: ContextItemStatus) => LIVE_CONTEXT_STATUSES.includes(status);
const q = (appId: string) => `appId=${encodeURIComponent(appId)}`;
const itemPath = (id: string) => `/api/context/${encodeURIComponent(id)}`;

export function fetchContextItems(appId: string, signal?: AbortSignal) {
  return api<DataItemsResponse>(`/api/context/items?${q(appId)}`, { signal });
}

/**
 * The app's data items, newest first. With `pollEvery` the list is asked again at that interval while any item is
 * still live (the fallback of the status stream).
 */
export function useContextItems(appId: string, pollEvery: number | null = null) {
  return useQuery({
    queryKey: contextKeys.items(appId),
    queryFn: ({ signal }) => fetchContextItems(appId, signal),
    enabled: Boolean(appId),
    refetchInterval: (query) =>
      pollEvery !== null && query.state.data?.contextItems.some((item) => isLiveStatus(item.status))
        ? pollEvery
        : false,
  });
}

function patchItems(
  queryClient: QueryClient,
  appId: string,
  update: (items: DataItem[]) => DataItem[],
): void {
  queryClient.setQueryData<DataItemsResponse>(contextKeys.items(appId), (old) =>
    old ? { ...old, contextItems: update(old.contextItems) } : old,
  );
}

/** Puts a status change into the cached list; answers false when the item is not in it. */
export function applyContextEvent(queryClient: QueryClient, appId: string, event: ContextItemEvent): boolean {
  const list = queryClient.getQueryData<DataItemsResponse>(contextKeys.items(appId));
  if (!list?.contextItems.some((item) => item.id === event.id)) return false;
  patchItems(queryClient, appId, (items) =>
    items.map((item) =>
      item.id === event.id
        ? {
            ...item,
            status: event.status,
            numOfChunks: event.numOfChunks,
            lastSyncedAt: event.lastSyncedAt,
            errorMessage: event.errorMessage,
          }
        : item,
    ),
  );
  return true;
}

/** Turns the data of one server-sent event into a ContextItemEvent of the domain's schema (anything else is ignored). */
export function parseContextEvent(data: string): ContextItemEvent | null {
  return parseSseEvent(contextItemEventSchema, data);
}

/**
 * GET /api/context/events?appId= — the status changes of the app's items as server-sent events, read with the
 * bearer token until the stream ends or `signal` aborts. `onOpen` runs once the server listens: a change made
 * before that is not in the stream, so the caller reads the list again then.
 */
export async function watchContextEvents(
  appId: string,
  signal: AbortSignal,
  onEvent: (event: ContextItemEvent) => void,
  onOpen?: () => void,
): Promise<void> {
  const res = await apiResponse(`/api/context/events?${q(appId)}`, {
    signal,
    headers: { Accept: 'text/event-stream' },
  });
  if (!res.body) throw new AppError('internal');
  onOpen?.();
  await readSseStream(res.body, (data) => {
    const event = parseContextEvent(data);
    if (event) onEvent(event);
  });
}

export function useRenameItem(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api<DataItem | undefined>(itemPath(id), { method: 'PATCH', body: { name } }),
    onSuccess: (saved, { id, name }) =>
      patchItems(queryClient, appId, (items) =>
        items.map((item) =>
          item.id === id ? { ...item, ...(saved ?? {}), name: saved?.name ?? name } : item,
        ),
      ),
  });
}

export function useDeleteItem(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(itemPath(id), { method: 'DELETE' }),
    onSuccess: (_, id) => patchItems(queryClient, appId, (items) => items.filter((item) => item.id !== id)),
  });
}

export function useRetryItem(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<DataItem | undefined>(`${itemPath(id)}/retry`, { method: 'POST' }),
    onSuccess: (saved, id) =>
      patchItems(queryClient, appId, (items) =>
        items.map((item) =>
          item.id === id ? { ...item, ...(saved ?? {}), status: saved?.status ?? 'pending' } : item,
        ),
      ),
  });
}

export interface CreatedItem {
  contextItemId: string;
}

export function ingestText(appId: string, context: string) {
  return api<CreatedItem>(`/api/context/ingest/text?${q(appId)}`, { body: { context } });
}

export function ingestWeb(appId: string, url: string) {
  return api<CreatedItem>(`/api/context/ingest/web?${q(appId)}`, { body: { url } });
}

export function ingestFile(appId: string, file: File, opts: UploadOptions = {}) {
  return uploadFile<CreatedItem>(`/api/context/ingest/file?${q(appId)}`, file, opts);
}

export function replaceDataItem(appId: string, oldItemId: string, newItemId: string) {
  return api<CreatedItem>(`/api/tools/${encodeURIComponent(appId)}/replaceDataItem`, {
    body: { oldItemId, newItemId },
  });
}

/** Removes an item quietly (a replacement that could not take the old item's place). */
export async function discardItem(id: string): Promise<void> {
  try {
    await api<void>(itemPath(id), { method: 'DELETE' });
  } catch {
    // best effort: the list shows it and the builder can delete it
  }
}

/** POST /api/context/test-retrieval: what each retrieval method returns for a question (decision 0017). */
export function useTestRetrieval(appId: string) {
  return useMutation({
    mutationFn: (query: string) =>
      api<TestRetrievalResponse>('/api/context/test-retrieval', { body: { appId, query } }),
  });
}
