import { AppError, type AssistantInfo, type AssistantMessagesResponse } from '@buildai/domain';
import { and, inArray, isNotNull } from 'drizzle-orm';
import { runs } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { EndUser } from '../../http/end-user';
import type { Platform } from '../../platform';
import { readStyle } from '../apps';
import { findConversation, readMessages, toUIMessage } from './conversations';
import { loadAssistant } from './load-assistant';

export interface ListAssistantMessagesOptions {
  platform: Platform;
  caller: Caller | null;
  appId: string;
  /** the caller as an end user, or null for a visitor the app has not met (no cookie yet) */
  user: EndUser | null;
  conversationId?: string;
}

/**
 * GET /api/apps/{appId}/assistant/messages?conversationId= : the caller's own conversation (their latest without an
 * id) as UI messages. A conversation id the caller has none of (someone else's, or a new one) answers 404.
 */
export async function listAssistantMessages(
  options: ListAssistantMessagesOptions,
): Promise<AssistantMessagesResponse> {
  const { platform, caller, appId, user, conversationId } = options;
  await loadAssistant(platform, caller, appId);
  const conversation = user
    ? await findConversation(platform.db, {
        appId,
        userKey: user.userKey,
        ...(conversationId ? { conversationId } : {}),
      })
    : undefined;
  if (!conversation) {
    if (conversationId) throw new AppError('chat/conversation-not-found');
    return { conversationId: null, messages: [] };
  }
  const rows = await readMessages(platform.db, conversation.id);
  // the thumb the user gave an answer is on its run: it comes along, so a reload shows it given
  const runIds = rows.flatMap((row) => (row.runId ? [row.runId] : []));
  const rated =
    runIds.length === 0
      ? []
      : await platform.db
          .select({ runId: runs.runId, rating: runs.rating })
          .from(runs)
          .where(and(inArray(runs.runId, runIds), isNotNull(runs.rating)));
  const ratings = new Map(rated.map((r) => [r.runId, r.rating]));
  return {
    conversationId: conversation.conversationId,
    messages: rows.map((row) => {
      const message = toUIMessage(row);
      const rating = row.runId ? ratings.get(row.runId) : undefined;
      return rating && message.metadata ? { ...message, metadata: { ...message.metadata, rating } } : message;
    }),
  };
}

/** The bubble's colour of an app that chose no button colour. */
export const DEFAULT_PRIMARY_COLOR = '#2563eb';

/**
 * GET /api/apps/{appId}/assistant/info: what the end user's page and the widget's bubble show, read from the saved
 * settings on every call (no cache), so a saved change shows on the next load.
 */
export async function getAssistantInfo(
  platform: Platform,
  caller: Caller | null,
  appId: string,
): Promise<AssistantInfo> {
  const { app, settings } = await loadAssistant(platform, caller, appId);
  const style = readStyle(app);
  const shaped = settings.assistantSettings;
  // the builder's welcome; an older assistant's is the generated app's welcome message
  const welcome = shaped.welcomeMessage || app.genApp?.welcomeMessage;
  const primaryColor = style.buttonBackgroundColor || DEFAULT_PRIMARY_COLOR;
  return {
    appId: app.appId,
    header: app.header,
    description: app.description,
    welcomeMessage: typeof welcome === 'string' ? welcome : '',
    starters: shaped.starters,
    appStyle: { primaryColor, logoUrl: style.logoUrl, backgroundColor: style.backgroundColor },
    widget: { ...shaped.widget, color: shaped.widget.color || primaryColor },
  };
}
