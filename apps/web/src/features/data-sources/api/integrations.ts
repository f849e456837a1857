import {
  integrationProviderKey,
  MAX_METADATA_ITEMS,
  type ConnectionsResponse,
  type ConnectionStatus,
  type IngestMetadataItem,
  type IntegrationProvider,
} from '@buildai/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contextKeys } from './context-items';

/** The imports a builder can connect: the `{provider}` of `/api/integrations/{provider}/…` (the domain's list). */
export type { ConnectionsResponse, ConnectionStatus, IntegrationProvider };

export function statusOf(connections: ConnectionsResponse, provider: IntegrationProvider): ConnectionStatus {
  return connections[integrationProviderKey(provider)];
}

/** Something a connected provider offers, shaped as `POST /api/context/ingest/metadata` takes it. */
export type ImportableItem = IngestMetadataItem;

export const integrationKeys = {
  all: (appId: string) => ['integrations', appId] as const,
  connections: (appId: string) => ['integrations', appId, 'connections'] as const,
  items: (appId: string, provider: IntegrationProvider) =>
    ['integrations', appId, provider, 'items'] as const,
};

const q = (appId: string) => `appId=${encodeURIComponent(appId)}`;

export function fetchConnections(appId: string, signal?: AbortSignal) {
  return api<ConnectionsResponse>(`/api/integrations/connections?${q(appId)}`, { signal });
}

/** Which imports are configured here and which the builder connected. */
export function useConnections(appId: string) {
  return useQuery({
    queryKey: integrationKeys.connections(appId),
    queryFn: ({ signal }) => fetchConnections(appId, signal),
    enabled: Boolean(appId),
    staleTime: 30_000,
  });
}

/** The provider's consent page for the popup (the api client asks with `Accept: application/json`). */
export async function fetchStartUrl(appId: string, provider: IntegrationProvider): Promise<string> {
  const { url } = await api<{ url: string }>(`/api/integrations/${provider}/start?${q(appId)}`, {
    headers: { Accept: 'application/json' },
  });
  return url;
}

export function fetchImportableItems(appId: string, provider: IntegrationProvider, signal?: AbortSignal) {
  return api<{ items: ImportableItem[] }>(`/api/integrations/${provider}/items?${q(appId)}`, { signal });
}

/** What the connected provider offers to import; asked only while `enabled` (connected). */
export function useImportableItems(appId: string, provider: IntegrationProvider, enabled: boolean) {
  return useQuery({
    queryKey: integrationKeys.items(appId, provider),
    queryFn: ({ signal }) => fetchImportableItems(appId, provider, signal),
    enabled: enabled && Boolean(appId),
    select: (data) => data.items,
  });
}

/** DELETE /api/integrations/{provider}/connection: forgets the tokens; imported items stay. */
export function useDisconnect(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: IntegrationProvider) =>
      api<void>(`/api/integrations/${provider}/connection?${q(appId)}`, { method: 'DELETE' }),
    onSuccess: async (_, provider) => {
      queryClient.removeQueries({ queryKey: integrationKeys.items(appId, provider) });
      await queryClient.invalidateQueries({ queryKey: integrationKeys.connections(appId) });
    },
  });
}

/** POST /api/context/ingest/metadata in parts of at most 50 items; answers the ids of the new items. */
export async function importItems(appId: string, items: ImportableItem[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < items.length; start += MAX_METADATA_ITEMS) {
    const contextItems = items.slice(start, start + MAX_METADATA_ITEMS);
    const { contextItemIds } = await api<{ contextItemIds: string[] }>(
      `/api/context/ingest/metadata?${q(appId)}`,
      { body: { contextItems } },
    );
    ids.push(...contextItemIds);
  }
  return ids;
}

/** Imports the items; the app's data list (the dialog's and the panel's) is asked again, even after a part failed. */
export function useImportItems(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: ImportableItem[]) => importItems(appId, items),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contextKeys.items(appId) }),
  });
}
