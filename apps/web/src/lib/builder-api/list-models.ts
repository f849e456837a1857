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
  return (await fetchModelChoices(signal)).models;
}

/** Whether data sources can be searched by vector on this server, and why not. */
export interface VectorSearch {
  on: boolean;
  reason: string | null;
}

async function fetchModelChoices(signal?: AbortSignal) {
  const body = await api<{ models: ModelOption[]; vectorSearch?: VectorSearch }>('/api/builder/models', {
    signal,
  });
  return {
    models: Array.isArray(body?.models) ? body.models.filter((m) => typeof m?.id === 'string') : [],
    vectorSearch: body?.vectorSearch ?? { on: true, reason: null },
  };
}

export function useModels(enabled: boolean) {
  return useQuery({
    queryKey: ['builder', 'models'],
    queryFn: ({ signal }) => fetchModelChoices(signal),
    select: (choices) => choices.models,
    enabled,
    staleTime: 60 * 60 * 1000,
  });
}

/** GET /api/builder/models' vectorSearch (the query method offers hybrid and vector only when it is on). */
export function useVectorSearch(enabled: boolean) {
  return useQuery({
    queryKey: ['builder', 'models'],
    queryFn: ({ signal }) => fetchModelChoices(signal),
    select: (choices) => choices.vectorSearch,
    enabled,
    staleTime: 60 * 60 * 1000,
  });
}
