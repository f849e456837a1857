import type { ChatMessage, VersionEntry } from '@buildai/domain';
import type { appChatMessages, appVersions } from '../../db/schema';

export type MessageRow = typeof appChatMessages.$inferSelect;
export type VersionRow = typeof appVersions.$inferSelect;

/** A stored message in the spec's chat message shape (annotations[0] is the annotation). */
export function messageView(row: MessageRow): ChatMessage {
  return {
    id: row.messageId,
    role: row.role,
    content: row.content,
    parts: row.parts,
    createdAt: row.createdAt.toISOString(),
    annotations: [row.annotation],
    actions: row.actions,
    status: row.status,
  };
}

export function versionView(row: VersionRow): VersionEntry {
  return {
    id: row.versionId,
    timestamp: row.createdAt.getTime(),
    messageId: row.messageId,
    content: row.description,
    userRequest: row.userRequest,
  };
}
