import type { MessageRating, RatingRequest } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { appPath } from './chat-messages';

/** POST /api/apps/{appId}/rating */
export function submitRating(appId: string, rating: RatingRequest) {
  return api<{ ok: true; rating: MessageRating }>(`${appPath(appId)}/rating`, {
    method: 'POST',
    body: rating,
  });
}
