import { asc, eq } from 'drizzle-orm';
import type { ChatMessagesResponse } from '@buildai/domain';
import type { Db } from '../../db/client';
import { appChatMessages } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadChatApp } from './load-space-app';
import { messageView, type MessageRow } from './views';

/** GET /api/apps/{appId}/chat/messages: the whole chat, a turn still streaming included as far as it got. */
export async function listMessages(
  platform: Platform,
  caller: Caller,
  appId: string,
): Promise<ChatMessagesResponse> {
  await loadChatApp(platform, caller, appId);
  return { messages: (await readMessages(platform.db, appId)).map(messageView) };
}

export async function readMessages(db: Db, appId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(appChatMessages)
    .where(eq(appChatMessages.appId, appId))
    .orderBy(asc(appChatMessages.seq));
}
