import { queryOptions } from '@tanstack/react-query';
import type { AccessChange, ChatMessage, ChatMessagesResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { SpaceUIMessage } from '../lib/types';

const path = (appId: string) => `/api/apps/${encodeURIComponent(appId)}`;

/** A stored message as `useChat` holds it: the annotation becomes `metadata`, the stored actions ride along. */
export function toUIMessage(m: ChatMessage): SpaceUIMessage {
  const parts = m.parts.length
    ? (m.parts as SpaceUIMessage['parts'])
    : m.content
      ? [{ type: 'text' as const, text: m.content }]
      : [];
  return {
    id: m.id,
    role: m.role,
    parts,
    metadata: { ...m.annotations[0], actions: m.actions, status: m.status },
  };
}

export const chatMessagesKey = (appId: string) =>
  [...queryKeys.app(appId), 'space-chat', 'messages'] as const;

/** GET /api/apps/{appId}/chat/messages: the chat kept on the server, as UI messages. */
export async function fetchChatMessages(appId: string, signal?: AbortSignal): Promise<SpaceUIMessage[]> {
  const res = await api<ChatMessagesResponse>(`${path(appId)}/chat/messages`, { signal });
  return res.messages.map(toUIMessage);
}

/** The chat kept on the server, read once to seed the panel. */
export function chatMessagesQuery(appId: string) {
  return queryOptions({
    queryKey: chatMessagesKey(appId),
    queryFn: ({ signal }) => fetchChatMessages(appId, signal),
    // the panel seeds useChat once; later changes come from the stream, a restore or a refetch after a drop
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/**
 * POST /api/apps/{appId}/versions/{versionId}/restore {messageId, accessChanges}: the whole chat after the restore.
 * `accessChanges` are the ones the builder saw in the confirmation (the server refuses a revert that does others).
 */
export async function restoreVersion(
  appId: string,
  versionId: string,
  messageId: string,
  accessChanges: AccessChange[] = [],
) {
  const res = await api<ChatMessagesResponse>(
    `${path(appId)}/versions/${encodeURIComponent(versionId)}/restore`,
    { method: 'POST', body: { messageId, accessChanges } },
  );
  return res.messages.map(toUIMessage);
}

/** POST /api/apps/{appId}/chat/stop: answers once the stopped turn is recorded. */
export function stopTurn(appId: string) {
  return api<{ stopped: boolean }>(`${path(appId)}/chat/stop`, { method: 'POST' });
}

export { path as appPath };
