import { and, eq, inArray } from 'drizzle-orm';
import { JsonToSseTransformStream, type UIMessage } from 'ai';
import {
  AppError,
  type AssistantMessageMetadata,
  type AssistantRequest,
  type RunSource,
} from '@buildai/domain';
import { newId } from '../../db/ids';
import { assistantConversations, assistantMessages } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { EndUser } from '../../http/end-user';
import type { Platform } from '../../platform';
import type { PublishedTools, RunAdmissions } from '../runtime';
import { forgetIfNotKept } from '../logs';
import {
  findConversation,
  historyForModel,
  messageText,
  openConversation,
  readMessages,
  type MessageRow,
} from './conversations';
import { loadAssistant } from './load-assistant';
import { startTurn } from './turn';

export interface SendAssistantMessageOptions {
  platform: Platform;
  publishedTools: PublishedTools;
  admissions: RunAdmissions;
  caller: Caller | null;
  appId: string;
  /** the end user (signed-in user, or the visitor of the cookie or the widget's header) */
  user: () => EndUser;
  /** the body, read once the assistant is known to answer the caller */
  body: () => Promise<AssistantRequest>;
}

type AssistantMessage = UIMessage<AssistantMessageMetadata>;

const encoder = new TextEncoder();

/** The user's message to answer, and what came before it (a retry answers the last user message again). */
function turnInput(rows: MessageRow[], message: string, retry: boolean) {
  if (!retry) return { history: rows, replaced: [] as MessageRow[] };
  const lastUser = rows.findLastIndex((r) => r.role === 'user');
  if (lastUser < 0 || messageText(rows[lastUser]!) !== message) throw new AppError('chat/nothing-to-retry');
  return { history: rows.slice(0, lastUser), replaced: rows.slice(lastUser + 1) };
}

/**
 * POST /api/apps/{appId}/assistant (spec 001 §2; decision 0010): one message of the end user to the app's
 * assistant, answered as the AI SDK's UI message stream. The conversation is the caller's own (by app, user and the
 * client's chat id); the user's message is stored once the turn is admitted (limits answer 429 before anything is
 * stored), the answer once it ended: in full, or as far as it went when the user stopped it (the connection closed).
 * A retry answers the last user message again and the new answer replaces the last one.
 */
export async function sendAssistantMessage(options: SendAssistantMessageOptions) {
  const { platform, caller, appId } = options;
  const assistant = await loadAssistant(platform, caller, appId);
  const user = options.user();
  const body = await options.body();
  const source: RunSource = body.source ?? 'web';
  const retry = body.retry === true;
  const conversationId = body.conversationId ?? newId(24);
  const key = { appId, userKey: user.userKey, conversationId };
  const found = await findConversation(platform.db, key);
  if (retry && !found) throw new AppError('chat/nothing-to-retry');
  const rows = found ? await readMessages(platform.db, found.id) : [];
  const { history, replaced } = turnInput(rows, body.message, retry);

  const stop = new AbortController();
  const turn = await startTurn({
    platform,
    publishedTools: options.publishedTools,
    admissions: options.admissions,
    caller,
    user,
    assistant,
    source,
    history: historyForModel(history),
    message: body.message,
    abortSignal: stop.signal,
  });
  const startedAt = new Date();
  let conversation: NonNullable<typeof found>;
  try {
    // the conversation starts once its first turn is admitted
    conversation = found ?? (await openConversation(platform.db, { ...key, title: body.message }));
    if (!retry) {
      await platform.db.insert(assistantMessages).values({
        id: newId(),
        conversationRowId: conversation.id,
        role: 'user',
        parts: [{ type: 'text', text: body.message }],
        metadata: { conversationId, createdAt: startedAt.toISOString() },
        createdAt: startedAt,
      });
    }
  } catch (err) {
    // the question could not be kept: the model, already asked, is stopped and its run ends as stopped
    stop.abort();
    void turn.finished.catch((e: unknown) =>
      platform.logger.error({ err: e, runId: turn.runId }, 'could not end the run of the turn'),
    );
    throw err;
  }

  const answerId = newId();
  const metadata: AssistantMessageMetadata = {
    conversationId,
    runId: turn.runId,
    createdAt: startedAt.toISOString(),
    // the data sources the answer drew on, known before the first word (decision 0017 "Citations")
    ...(turn.citations.length > 0 ? { citations: turn.citations } : {}),
  };
  let answered: AssistantMessage | undefined;
  const ui = turn.result.toUIMessageStream<AssistantMessage>({
    generateMessageId: () => answerId,
    messageMetadata: ({ part }) => {
      if (part.type === 'start') return metadata;
      if (part.type === 'finish')
        return { ...metadata, usage: turn.price(part.totalUsage, part.finishReason) };
      return undefined;
    },
    onError: () => new AppError('ai/provider-failed').message,
    onFinish: ({ responseMessage }) => {
      answered = responseMessage;
    },
  });

  /** Stores the answer (not one the provider failed to give) once the turn ended; a retry's replaces the last. */
  const record = async () => {
    const outcome = await turn.finished;
    if (outcome.status === 'failed') return;
    const parts = (answered?.parts ?? []).filter((p) => p.type !== 'step-start');
    // stopped before a word: nothing to keep, and a retry's earlier answer stays
    if (outcome.status === 'cancelled' && parts.length === 0 && outcome.text === '') return;
    const stored = parts.length > 0 ? parts : [{ type: 'text', text: outcome.text }];
    await platform.db.transaction(async (tx) => {
      if (replaced.length > 0)
        await tx.delete(assistantMessages).where(
          and(
            eq(assistantMessages.conversationRowId, conversation.id),
            inArray(
              assistantMessages.id,
              replaced.map((r) => r.id),
            ),
          ),
        );
      await tx.insert(assistantMessages).values({
        id: answerId,
        conversationRowId: conversation.id,
        role: 'assistant',
        parts: stored as MessageRow['parts'],
        metadata: { ...metadata, usage: outcome.usage },
        runId: turn.runId,
        createdAt: new Date(Math.max(Date.now(), startedAt.getTime() + 1)),
      });
      await tx
        .update(assistantConversations)
        .set({ updatedAt: new Date() })
        .where(eq(assistantConversations.id, conversation.id));
    });
    // an app that keeps no conversations erases this one once its answer is in (decision 0018)
    await forgetIfNotKept(platform, appId, turn.runId);
  };
  const recorded = (() => {
    let once: Promise<void> | undefined;
    return () =>
      (once ??= record().catch((err: unknown) =>
        platform.logger.error({ err, runId: turn.runId }, 'could not store the answer of the assistant'),
      ));
  })();

  // the stream is pulled as the connection takes it; when the user stops (hangs up) the model is stopped, the rest
  // is read to its end and the answer stored as far as it went
  const reader = ui.pipeThrough(new JsonToSseTransformStream()).getReader();
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await reader.read();
      if (cancelled) return;
      if (next.done) {
        await recorded();
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      cancelled = true;
      stop.abort();
      try {
        while (!(await reader.read()).done);
      } catch (err) {
        platform.logger.warn({ err, runId: turn.runId }, 'an assistant stream failed');
      }
      await recorded();
    },
  });
  return { stream, runId: turn.runId, conversationId };
}
