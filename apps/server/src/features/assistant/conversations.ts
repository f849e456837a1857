import { and, asc, desc, eq } from 'drizzle-orm';
import type { ModelMessage } from 'ai';
import {
  ASSISTANT_HISTORY_MESSAGES,
  type AssistantMessageMetadata,
  type AssistantUIMessage,
} from '@buildai/domain';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { assistantConversations, assistantMessages } from '../../db/schema';

export type ConversationRow = typeof assistantConversations.$inferSelect;
export type MessageRow = typeof assistantMessages.$inferSelect;

const TITLE_CHARS = 80;

/** The user's conversation of this id; none of anyone else's (the same id of another user is another conversation). */
export async function findConversation(
  db: Db,
  key: { appId: string; userKey: string; conversationId?: string },
): Promise<ConversationRow | undefined> {
  const where = and(
    eq(assistantConversations.appId, key.appId),
    eq(assistantConversations.userKey, key.userKey),
    key.conversationId ? eq(assistantConversations.conversationId, key.conversationId) : undefined,
  );
  const [row] = await db
    .select()
    .from(assistantConversations)
    .where(where)
    .orderBy(desc(assistantConversations.updatedAt))
    .limit(1);
  return row;
}

/** The user's conversation of this id, started now when it is new. */
export async function openConversation(
  db: Db,
  key: { appId: string; userKey: string; conversationId: string; title: string },
): Promise<ConversationRow> {
  await db
    .insert(assistantConversations)
    .values({
      id: newId(),
      appId: key.appId,
      userKey: key.userKey,
      conversationId: key.conversationId,
      title: key.title.replace(/\s+/g, ' ').trim().slice(0, TITLE_CHARS),
    })
    .onConflictDoNothing();
  const found = await findConversation(db, key);
  if (!found) throw new Error('the conversation was not stored');
  return found;
}

export async function readMessages(db: Db, conversationRowId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(assistantMessages)
    .where(eq(assistantMessages.conversationRowId, conversationRowId))
    .orderBy(asc(assistantMessages.createdAt));
}

/** The text of a stored message: its text parts. */
export function messageText(row: Pick<MessageRow, 'parts'>): string {
  return row.parts
    .filter((p) => p.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text as string)
    .join('');
}

/** The last messages of the conversation as the model reads them (their text). */
export function historyForModel(rows: readonly MessageRow[]): ModelMessage[] {
  return rows
    .slice(-ASSISTANT_HISTORY_MESSAGES)
    .map((row) => ({ role: row.role, content: messageText(row) }))
    .filter((m) => m.content !== '');
}

export function toUIMessage(row: MessageRow): AssistantUIMessage {
  return {
    id: row.id,
    role: row.role,
    parts: row.parts,
    ...(row.metadata ? { metadata: row.metadata as AssistantMessageMetadata } : {}),
  };
}
