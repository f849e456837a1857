import { queryOptions } from '@tanstack/react-query';
import type { AssistantInfo, AssistantMessagesResponse } from '@buildai/domain';
import { assistantGet, assistantPath, type ChatSurface } from './assistant-fetch';

/** `GET /api/apps/{appId}/assistant/info`: the assistant's name, welcome and the app's colours. */
export function assistantInfoQuery(appId: string, surface: ChatSurface) {
  return queryOptions({
    queryKey: ['apps', appId, 'assistant', 'info', surface] as const,
    queryFn: ({ signal }) => assistantGet<AssistantInfo>(surface, `${assistantPath(appId)}/info`, signal),
    refetchOnWindowFocus: false,
  });
}

/**
 * `GET /api/apps/{appId}/assistant/messages`: the caller's latest conversation, read once when the chat opens
 * (then the chat holds it); never refetched behind the chat's back.
 */
export function assistantHistoryQuery(appId: string, surface: ChatSurface) {
  return queryOptions({
    queryKey: ['apps', appId, 'assistant', 'messages', surface] as const,
    queryFn: ({ signal }) =>
      assistantGet<AssistantMessagesResponse>(surface, `${assistantPath(appId)}/messages`, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
