import { useQuery } from '@tanstack/react-query';
import type { UserMemory } from '@buildai/domain';
import { queryKeys } from '@/lib/query-keys';
import { getToken } from '@/lib/session';

/**
 * `GET /api/live_api/user/memories/current?appId=`: the values this end user asked the app to remember. Sent with
 * cookies, so an anonymous visitor is known by the `bai_uid` cookie. Never fails: no memory is an empty one.
 */
export async function fetchMemories(appId: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
  try {
    const token = getToken();
    const res = await fetch(`/api/live_api/user/memories/current?appId=${encodeURIComponent(appId)}`, {
      credentials: 'include',
      signal,
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    if (!res.ok) return {};
    const memory = (await res.json()) as Partial<UserMemory> | null;
    return memory?.values && typeof memory.values === 'object' ? memory.values : {};
  } catch {
    return {};
  }
}

export function useMemories(appId: string) {
  return useQuery({
    queryKey: [...queryKeys.app(appId), 'memories'],
    queryFn: ({ signal }) => fetchMemories(appId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
