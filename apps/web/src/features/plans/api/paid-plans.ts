import { useQuery } from '@tanstack/react-query';
import { planCardSchema, type PlanCard } from '@buildai/domain';
import { api } from '@/lib/api-client';

const planCardsSchema = planCardSchema.array();

/** Cache keys of this feature: the builder plans (no app) or an app's membership plans. */
export const planQueryKeys = {
  paidPlans: (appId?: string | null) => ['plans', 'paid', appId ?? null] as const,
};

/**
 * GET /api/live_api/app/paidPlans[?appId=] — the plan cards (spec 000 §7): the builder plans without `appId`, the
 * app's membership plans with it (an empty list until the app has paid memberships).
 */
export async function fetchPaidPlans(appId?: string | null, signal?: AbortSignal): Promise<PlanCard[]> {
  const query = appId ? `?appId=${encodeURIComponent(appId)}` : '';
  const body = await api<unknown>(`/api/live_api/app/paidPlans${query}`, { signal });
  return planCardsSchema.parse(body);
}

export function usePaidPlans(appId?: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: planQueryKeys.paidPlans(appId),
    queryFn: ({ signal }) => fetchPaidPlans(appId, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
