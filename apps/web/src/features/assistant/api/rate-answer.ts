import type { LogRating, RunRating } from '@buildai/domain';
import { assistantFetch, type ChatSurface } from './assistant-fetch';

/** `POST /api/apps/{appId}/runs/{runId}/rating`: the end user's thumb on an answer, as the chat's surface calls. */
export async function rateAnswer(
  surface: ChatSurface,
  appId: string,
  runId: string,
  rating: LogRating,
  reason?: string,
): Promise<RunRating> {
  const res = await assistantFetch(surface)(
    `/api/apps/${encodeURIComponent(appId)}/runs/${encodeURIComponent(runId)}/rating`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(reason ? { rating, reason } : { rating }),
    },
  );
  return (await res.json()) as RunRating;
}
