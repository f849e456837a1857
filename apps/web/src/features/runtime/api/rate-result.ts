import type { LogRating, RunRating } from '@buildai/domain';
import { api } from '@/lib/api-client';

/** `POST /api/apps/{appId}/runs/{runId}/rating`: the end user's thumb on their tool result (session or cookie). */
export function rateResult(appId: string, runId: string, rating: LogRating, reason?: string) {
  return api<RunRating>(`/api/apps/${encodeURIComponent(appId)}/runs/${encodeURIComponent(runId)}/rating`, {
    method: 'POST',
    body: reason ? { rating, reason } : { rating },
  });
}
