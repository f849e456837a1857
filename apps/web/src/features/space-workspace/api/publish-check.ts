import { useMutation } from '@tanstack/react-query';
import type { PublishCheckResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';

/**
 * POST /api/apps/{appId}/publish-check — who can read and write each entity (tried through the data API as a
 * visitor, a signed-up user and another one) and the secret-looking strings of the pages' code.
 */
export function publishCheck(appId: string): Promise<PublishCheckResponse> {
  return api<PublishCheckResponse>(`/api/apps/${encodeURIComponent(appId)}/publish-check`, {
    method: 'POST',
  });
}

export function usePublishCheck() {
  return useMutation({ mutationFn: publishCheck });
}
