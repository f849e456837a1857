import { eq, sql } from 'drizzle-orm';
import { readUIMessageStream, type LanguageModelUsage, type UIMessage, type UIMessageChunk } from 'ai';
import {
  buildErrorLine,
  type ChatAction,
  type MessageAnnotation,
  type SystemActionInfo,
} from '@buildai/domain';
import { appChatMessages } from '../../db/schema';
import type { Platform } from '../../platform';
import { priceUsage } from '../../platform/ai/model-list';
import { contextEvals } from './context-evals';
import { changedVersioned, type AppliedActions } from './chat-tools';
import type { TurnBuild } from './file-tools';
import { makeVersion } from './make-version';
import type { RetrievedContext } from './retrieve-context';
import { cleanStored } from './stored-text';
import { turnActions } from './turn-actions';

/** The answer as recorded: the stream's final message metadata. */
export interface RecordedTurn extends MessageAnnotation {
  actions: ChatAction[];
  status: 'complete' | 'error';
}

/** How often a streaming answer is written while only its text grows (a tool result is written at once). */
const WRITE_EVERY_MS = 500;

export interface TurnStep {
  finishReason: string;
  usage: LanguageModelUsage;
}

export interface RecordTurnOptions {
  platform: Platform;
  appId: string;
  user: { messageId: string; text: string };
  assistantId: string;
  modelId: string;
  systemActionInfo?: SystemActionInfo;
  stream: ReadableStream<UIMessageChunk>;
  applied: AppliedActions;
  /** filled by the model call's onStepFinish as the turn goes */
  steps: TurnStep[];
  retrieved: RetrievedContext;
  /** the app's build after the turn's last file change */
  build?: TurnBuild;
  /** what a version of the app holds: a space app's files and schemas, a generated app's documents */
  appType?: 'space' | 'generated';
  /** aborted when the builder stopped the turn: what was complete is kept, and the answer says it was stopped */
  stopped?: AbortSignal;
  /** the validation detectors' errors in the app's files once the turn changed them (null: none measured) */
  validate?: TurnValidation;
}

export type TurnValidation = (
  platform: Platform,
  appId: string,
) => Promise<MessageAnnotation['validationIssues'] | null>;

/** The most build errors an answer keeps (the issues panel has them all once the preview loads). */
const ANSWER_ERRORS = 20;

/** The answer's last paragraph when the turn left the app not building: it says so, with the first error. */
function brokenNote(errors: NonNullable<TurnBuild['errors']>): string {
  const count = errors.length === 1 ? '1 build error' : `${errors.length} build errors`;
  return `The app does not build yet (${count}): ${buildErrorLine(errors[0]!)}. The issues panel lists them; ask me to fix them.`;
}

// each step of a turn writes its own text part: they are paragraphs of their own
const textOf = (message: UIMessage | undefined) =>
  (message?.parts ?? [])
    .flatMap((p) => (p.type === 'text' && p.text.trim() ? [p.text.trim()] : []))
    .join('\n\n');

const sum = (steps: TurnStep[], pick: (u: LanguageModelUsage) => number | undefined) =>
  steps.reduce((n, s) => n + (pick(s.usage) ?? 0), 0);

/**
 * Reads the answer as it streams and keeps the assistant's row up to date (on each tool result, and every
 * WRITE_EVERY_MS otherwise), then closes the turn: a version when files or entity schemas changed, the usage, the context metadata.
 * It runs to the end whether or not anyone still reads the answer, and answers what the stream's last metadata
 * carries: the final annotation, with the stored actions and status (never throws).
 */
export async function recordTurn(options: RecordTurnOptions): Promise<RecordedTurn> {
  const { platform, appId, assistantId, applied, steps, retrieved, modelId } = options;
  const db = platform.db;
  let message: UIMessage | undefined;
  let error: string | undefined;
  let writtenAt = Date.now();
  let resultsWritten = 0;

  const writePartial = async (current: UIMessage) => {
    const { parts, actions } = await turnActions(current.parts, applied, false);
    await db
      .update(appChatMessages)
      .set({ ...cleanStored({ content: textOf(current), parts, actions }), updatedAt: sql`now()` })
      .where(eq(appChatMessages.messageId, assistantId));
    writtenAt = Date.now();
  };

  // the chat's gate starts as soon as an action lands, while the model writes on, so the turn's end rarely waits
  // for it; one at a time, and the end runs it again only when later actions came after it
  let early: { size: number; settled: boolean; result: ReturnType<TurnValidation> } | undefined;
  const validateEarly = () => {
    if (!options.validate || (early && !early.settled) || early?.size === applied.size) return;
    if (![...applied.values()].some(changedVersioned)) return;
    const started = { size: applied.size, settled: false, result: options.validate(platform, appId) };
    void started.result.finally(() => (started.settled = true));
    early = started;
  };

  try {
    for await (const current of readUIMessageStream({
      stream: options.stream,
      onError: (err) => {
        error = err instanceof Error ? err.message : String(err);
      },
    })) {
      message = current;
      if (applied.size > resultsWritten || Date.now() - writtenAt >= WRITE_EVERY_MS) {
        resultsWritten = applied.size;
        await writePartial(current);
        validateEarly();
      }
    }
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }

  const stopped = options.stopped?.aborted === true;
  // a stopped turn is no failed one: the abort is what the builder asked for
  if (stopped) error = undefined;
  const base: MessageAnnotation = {
    model: modelId,
    ...(options.systemActionInfo ? { systemActionInfo: options.systemActionInfo } : {}),
  };
  try {
    const finishReason = steps.at(-1)?.finishReason ?? (error ? 'error' : 'unknown');
    const { parts, actions, touched } = await turnActions(
      message?.parts ?? [],
      applied,
      finishReason === 'length',
    );
    const broken = options.build?.errors?.length ? options.build.errors : null;
    const content = [textOf(message), broken ? brokenNote(broken) : ''].filter(Boolean).join('\n\n');
    // files or entity schemas: what a version holds (records are not versioned)
    const changed = [...applied.values()].some(changedVersioned);
    // the chat's gate (decision 0013): the detectors run on what the turn left
    let issues: Awaited<ReturnType<TurnValidation>> = null;
    if (changed && options.validate) {
      const last = early ? await early.result : null;
      issues = early?.size === applied.size ? last : await options.validate(platform, appId);
    }
    const usage = priceUsage(
      platform.models.find(modelId),
      {
        inputTokens: sum(steps, (u) => u.inputTokens),
        outputTokens: sum(steps, (u) => u.outputTokens),
        cacheReadTokens: sum(steps, (u) => u.inputTokenDetails?.cacheReadTokens),
        cacheWriteTokens: sum(steps, (u) => u.inputTokenDetails?.cacheWriteTokens),
      },
      { finishReason, modelId },
    );
    const annotation: MessageAnnotation = {
      ...base,
      usage,
      contextFiles: retrieved.files.map((f) => f.path),
      contextMetadata: {
        retrievedFiles: retrieved.retrievedFiles,
        relevantFiles: touched,
        evals: contextEvals(retrieved, touched),
      },
      ...(error ? { error } : {}),
      ...(stopped ? { stopped: true } : {}),
      ...(broken
        ? {
            buildErrors: broken
              .slice(0, ANSWER_ERRORS)
              .map(({ file, line, column, message: text }) => ({ file, line, column, message: text })),
          }
        : {}),
      ...(issues?.length ? { validationIssues: issues } : {}),
    };
    const status = error && steps.length === 0 ? 'error' : 'complete';
    await db.transaction(async (tx) => {
      if (changed) {
        const versionId = await makeVersion(tx, {
          appId,
          appType: options.appType ?? 'space',
          messageId: options.user.messageId,
          userRequest: options.user.text,
          description: cleanStored(content || actions.map((a) => a.title).join(', ')),
        });
        annotation.versionId = versionId;
        // revert starts from the user message (spec 001 §4): the version is named there too
        await tx
          .update(appChatMessages)
          .set({ annotation: sql`${appChatMessages.annotation} || ${JSON.stringify({ versionId })}::jsonb` })
          .where(eq(appChatMessages.messageId, options.user.messageId));
      }
      await tx
        .update(appChatMessages)
        .set({ ...cleanStored({ content, parts, actions, annotation, status }), updatedAt: sql`now()` })
        .where(eq(appChatMessages.messageId, assistantId));
    });
    return { ...annotation, actions, status };
  } catch (err) {
    platform.logger.error({ appId, messageId: assistantId, err }, 'could not record the chat turn');
    const failed = { ...base, error: 'The answer could not be saved' };
    await db
      .update(appChatMessages)
      .set({ annotation: failed, status: 'error', updatedAt: sql`now()` })
      .where(eq(appChatMessages.messageId, assistantId))
      .catch(() => {});
    return { ...failed, actions: [], status: 'error' };
  }
}
