import { and, asc, eq } from 'drizzle-orm';
import { AppError, type LogDetail, type LogMessage } from '@buildai/domain';
import { assistantConversations, assistantMessages, runs } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { logsContext, readLogRows } from './list-logs';
import { toLogEntry } from './log-entry';
import { recordReveal } from './reveals';

const textOf = (parts: Array<{ type: string; [key: string]: unknown }>) =>
  parts
    .filter((p) => p.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text as string)
    .join('');

export interface GetLogOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  runId: string;
  reveal: boolean;
}

/** `GET /api/apps/{appId}/logs/{runId}`: one run, and for an assistant turn its whole conversation with ratings. */
export async function getLog({ platform, caller, appId, runId, reveal }: GetLogOptions): Promise<LogDetail> {
  const ctx = await logsContext(platform, caller, appId);
  const { rows } = await readLogRows({
    db: platform.db,
    appId,
    filters: {},
    options: { reveal, limit: 1, cursor: undefined, runId },
  });
  const row = rows[0];
  if (!row) throw new AppError('run/not-found');
  if (reveal) await recordReveal({ platform, caller, appId, what: 'run', runId });
  const entry = toLogEntry({ row, tools: ctx.tools, personal: ctx.personal, reveal });
  const [cited] = await platform.db
    .select({ citations: runs.citations })
    .from(runs)
    .where(and(eq(runs.runId, runId), eq(runs.appId, appId)));
  const citations = cited?.citations ?? [];
  if (!row.conversation_id) return { entry, citations, conversation: null };

  const [conversation] = await platform.db
    .select({ id: assistantConversations.id, title: assistantConversations.title })
    .from(assistantConversations)
    .innerJoin(assistantMessages, eq(assistantMessages.conversationRowId, assistantConversations.id))
    .where(and(eq(assistantConversations.appId, appId), eq(assistantMessages.runId, runId)))
    .limit(1);
  if (!conversation) return { entry, citations, conversation: null };
  const messages = await platform.db
    .select({
      id: assistantMessages.id,
      role: assistantMessages.role,
      parts: assistantMessages.parts,
      createdAt: assistantMessages.createdAt,
      runId: assistantMessages.runId,
      rating: runs.rating,
      ratingReason: runs.ratingReason,
      citations: runs.citations,
    })
    .from(assistantMessages)
    .leftJoin(runs, eq(runs.runId, assistantMessages.runId))
    .where(eq(assistantMessages.conversationRowId, conversation.id))
    .orderBy(asc(assistantMessages.createdAt));
  return {
    entry,
    citations,
    conversation: {
      conversationId: row.conversation_id,
      title: conversation.title,
      messages: messages.map((m): LogMessage => ({
        id: m.id,
        role: m.role,
        text: textOf(m.parts),
        createdAt: m.createdAt.toISOString(),
        runId: m.runId,
        rating: m.rating ?? null,
        ratingReason: m.ratingReason ?? null,
        citations: m.role === 'assistant' ? (m.citations ?? []) : [],
      })),
    },
  };
}
