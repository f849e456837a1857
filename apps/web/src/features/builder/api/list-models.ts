import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ModelOption {
  id: string;
  name: string;
  /** USD per 1M input tokens, when known */
  promptRate?: number | null;
  /** USD per 1M output tokens, when known */
  completionRate?: number | null;
}

/**
 * GET /api/builder/models → { models: [{ id, name, promptRate, completionRate }] }: the models the configured
 * provider serves, with their prices when known.
 */
export async function listModels(signal?: AbortSignal): Promise<ModelOption[]> {
  const body = await api<{ models: ModelOption[] }>('/api/builder/models', { signal });
  return Array.isArray(body?.models) ? body.models.filter((m) => typeof m?.id === 'string') : [];
}

export function useModels(enabled: boolean) {
  return useQuery({
    queryKey: ['builder', 'models'],
    queryFn: ({ signal }) => listModels(signal),
    enabled,
    staleTime: 60 * 60 * 1000,
  });
}
