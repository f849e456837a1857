import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Evaluation, EvaluationCase, EvaluationRun, StartEvaluationRunRequest } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const base = (appId: string, target: string) =>
  `/api/apps/${encodeURIComponent(appId)}/evaluations/${encodeURIComponent(target)}`;
const evaluationKey = (appId: string, target: string) =>
  [...queryKeys.app(appId), 'evaluations', target] as const;

/** `GET /api/apps/{appId}/evaluations/{target}`: the cases, what they are for, the latest runs. */
export function useEvaluation(appId: string, target: string) {
  return useQuery({
    queryKey: evaluationKey(appId, target),
    queryFn: ({ signal }) => api<Evaluation>(base(appId, target), { signal }),
  });
}

/** `PUT …/evaluations/{target}`: replaces the cases. */
export function useSaveCases(appId: string, target: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cases: EvaluationCase[]) =>
      api<Evaluation>(base(appId, target), { method: 'PUT', body: { cases } }),
    onSuccess: (saved) => client.setQueryData(evaluationKey(appId, target), saved),
  });
}

/** `POST …/evaluations/{target}/runs`: starts a run; the page then reads it until it ends. */
export function useStartRun(appId: string, target: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StartEvaluationRunRequest) =>
      api<EvaluationRun>(`${base(appId, target)}/runs`, { method: 'POST', body }),
    onSuccess: (run) => {
      client.setQueryData([...evaluationKey(appId, target), 'runs', run.runId], run);
      void client.invalidateQueries({ queryKey: evaluationKey(appId, target), exact: true });
    },
  });
}

/** `GET …/runs/{runId}`, read every second while the run is under way. */
export function useRun(appId: string, target: string, runId: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...evaluationKey(appId, target), 'runs', runId],
    queryFn: async ({ signal }) => {
      const run = await api<EvaluationRun>(`${base(appId, target)}/runs/${encodeURIComponent(runId!)}`, {
        signal,
      });
      // the run list's summary follows the run's end
      if (run.status !== 'running')
        void client.invalidateQueries({ queryKey: evaluationKey(appId, target), exact: true });
      return run;
    },
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1000 : false),
  });
}

export interface ModelOption {
  id: string;
  name: string;
}

/** `GET /api/builder/models`: the models a variant or the judge may use. */
export function useModelOptions() {
  return useQuery({
    queryKey: ['builder', 'models', 'evaluations'],
    queryFn: async ({ signal }) => {
      const body = await api<{ models?: ModelOption[] }>('/api/builder/models', { signal });
      return Array.isArray(body?.models) ? body.models.filter((m) => typeof m?.id === 'string') : [];
    },
    staleTime: 60 * 60 * 1000,
  });
}
