import { desc, eq, sql } from 'drizzle-orm';
import {
  createUIMessageStreamResponse,
  stepCountIs,
  streamText,
  type StopCondition,
  type UIMessageChunk,
} from 'ai';
import {
  AppError,
  MAX_AUTOFIX_IN_A_ROW,
  MAX_CHAT_MESSAGE_CHARS,
  modelFor,
  redactCredentials,
  type ChatRequest,
  type MessageAnnotation,
} from '@buildai/domain';
import { newId } from '../../db/ids';
import { appChatMessages } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { readAppFilesWithTimes } from './app-files';
import { keepTurnAlive, lockChat, readAppDocuments, TURN_TIMEOUT_MS, type AppChangeBus } from '../apps';
import { listEntities, type RecordValidator } from '../entities';
import { modelReadsImages, readChatImages, storeChatImages } from './chat-images';
import { chatPrompt, type TruncatedAction } from './chat-prompt';
import { chatTools, type AppliedActions } from './chat-tools';
import { entityTools } from './entity-tools';
import { secretTools } from './secret-tools';
import { fileTools, type BuildCheck, type TurnBuild } from './file-tools';
import { generatedChatPrompt } from './generated-prompt';
import { toolTools } from './tool-tools';
import { readMessages } from './list-messages';
import { loadChatApp } from './load-space-app';
import { nameAppFromRequest } from './name-app';
import { recordTurn, type TurnStep, type TurnValidation } from './record-turn';
import { retrieveContext } from './retrieve-context';
import { startTurn } from './stop-turn';
import type { MessageRow } from './views';

/** Model calls (steps) one turn may take: enough to write a few files, fix what does not build, and answer. */
export const MAX_TURN_STEPS = 10;

export interface SendChatMessageOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  /** checks the records the model inserts */
  validator: RecordValidator;
  /** builds the app after each file change (its errors go back to the model) */
  checkBuild?: BuildCheck;
  /** the validation detectors at the end of a space app's turn (decision 0013, "The chat's gate") */
  validate?: TurnValidation;
  /** the body, read once the caller is known to own the app */
  body: () => Promise<ChatRequest>;
  /** announces a generated app's changed tools (the preview and the runtime cache them) */
  changes: AppChangeBus;
}

/** A cut action stops the turn: the next step would build on a file that was never written. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK types its own conditions so (stepCountIs)
const cutOff: StopCondition<any> = ({ steps }) => steps.at(-1)?.finishReason === 'length';

/** The whole message, all its parts together, is bounded as one part is (the parts' own bound lets 20 through). */
function checkMessageText(text: string): void {
  if (text.length > MAX_CHAT_MESSAGE_CHARS)
    throw new AppError('request/invalid', {
      message: `A message may hold at most ${MAX_CHAT_MESSAGE_CHARS} characters`,
      field: 'message.parts',
    });
}

/** Autofix messages at the end of the chat, in a row. */
function autofixesInARow(history: MessageRow[]): number {
  let n = 0;
  for (const row of [...history].reverse()) {
    if (row.role !== 'user') continue;
    if (row.annotation.systemActionInfo?.type !== 'autofix') break;
    n += 1;
  }
  return n;
}

/** The action the last answer left cut, if the last answer did. */
function lastTruncated(history: MessageRow[]): TruncatedAction | null {
  const answer = [...history].reverse().find((row) => row.role === 'assistant');
  const cut = answer?.actions.find((a) => a.isTruncated);
  if (!cut) return null;
  return {
    type: cut.type,
    file: cut.file ?? cut.entity ?? '(unknown file)',
    ...(cut.entity !== undefined ? { entity: cut.entity } : {}),
    partial: cut.content ?? '',
  };
}

/** Files the last answers changed, newest first (entity actions name no file). */
function recentlyChanged(history: MessageRow[]): string[] {
  const out: string[] = [];
  for (const row of [...history].reverse()) {
    for (const action of row.actions) if (action.file && !out.includes(action.file)) out.push(action.file);
  }
  return out;
}

/**
 * POST /api/apps/{appId}/chat: stores the user's message and the assistant's (streaming) row, asks the model with
 * the file tools, and answers the AI SDK UI message stream. The turn runs to its end on the server even when the
 * caller hangs up (decision 0007, "Chat storage and streaming").
 */
export async function sendChatMessage(options: SendChatMessageOptions): Promise<Response> {
  const { platform, caller, appId } = options;
  const access = await loadChatApp(platform, caller, appId);
  const { message } = await options.body();
  if (!platform.ai.configured) {
    platform.logger.warn({ appId }, 'a space chat found no AI provider: set AI_PROVIDER');
    throw new AppError('space/ai-not-configured');
  }
  // a credential in the text (a preview token in a stack trace) is neither kept nor sent to the model (issue 32)
  const textParts = message.parts.flatMap((p) =>
    p.type === 'text' ? [{ ...p, text: redactCredentials(p.text) }] : [],
  );
  const text = textParts.map((p) => p.text).join('\n');
  checkMessageText(text);
  const images = readChatImages(message);
  if (!text.trim() && images.length === 0) {
    throw new AppError('request/invalid', {
      message: 'A message needs text or an image',
      field: 'message.parts',
    });
  }
  const systemActionInfo = message.metadata?.systemActionInfo;
  const userId = message.id ?? newId();
  const assistantId = newId();
  // the model the builder chose in the app's settings, as tool runs and the assistant ask (spec 000 §3)
  const modelId = modelFor(access.app.appSettings, platform.ai.defaultModel);
  if (
    images.length > 0 &&
    modelReadsImages(modelId, platform.models.find(modelId)?.inputModalities) === false
  ) {
    throw new AppError('space/model-no-vision', {
      message: `The AI model ${modelId} does not read images: choose one that does (for example GPT-4o, Claude or Gemini), or describe the design in words`,
    });
  }
  const startAnnotation: MessageAnnotation = {
    model: modelId,
    ...(systemActionInfo ? { systemActionInfo } : {}),
  };

  await platform.db.transaction(async (tx) => {
    await lockChat(tx, appId).catch((err: unknown) => {
      // the database screen's permission change says what to wait for (spec 001 §6)
      if (
        systemActionInfo?.type === 'permissions' &&
        err instanceof AppError &&
        err.code === 'space/chat-busy'
      )
        throw new AppError('entity/permissions-chat-busy');
      throw err;
    });
    const [taken] = await tx
      .select({ id: appChatMessages.messageId })
      .from(appChatMessages)
      .where(eq(appChatMessages.messageId, userId));
    if (taken)
      throw new AppError('request/invalid', {
        message: 'This message was already sent',
        field: 'message.id',
      });
    if (systemActionInfo?.type === 'autofix') {
      const recent = await tx
        .select()
        .from(appChatMessages)
        .where(eq(appChatMessages.appId, appId))
        .orderBy(desc(appChatMessages.seq))
        .limit(MAX_AUTOFIX_IN_A_ROW * 2 + 2);
      if (autofixesInARow(recent.reverse()) >= MAX_AUTOFIX_IN_A_ROW)
        throw new AppError('space/autofix-limit');
    }
    // the images are kept as files of the app; the message's parts point at them
    const files = await storeChatImages(
      platform,
      { accountId: access.rights.account.accountId, appId },
      images,
    );
    await tx.insert(appChatMessages).values({
      messageId: userId,
      appId,
      role: 'user',
      content: text,
      parts: [...textParts, ...files],
      annotation: systemActionInfo ? { systemActionInfo } : {},
    });
    if (!systemActionInfo) await nameAppFromRequest(tx, appId, text);
    await tx.insert(appChatMessages).values({
      messageId: assistantId,
      appId,
      role: 'assistant',
      status: 'streaming',
      annotation: startAnnotation,
    });
  });

  // from here on the turn's rows exist: whatever fails before the model's stream is being recorded closes the
  // answer as an error, or the chat would stay busy until the row went stale; meanwhile its heartbeat says it lives
  // the builder's Stop (issue 32, item 3) aborts the model call; here, or at a heartbeat on another server
  const turn = startTurn(appId, assistantId);
  const stopHeartbeat = keepTurnAlive({
    db: platform.db,
    messageId: assistantId,
    logger: platform.logger,
    onStopRequested: turn.stop,
  });
  try {
    const history = (await readMessages(platform.db, appId)).filter(
      (row) => row.messageId !== userId && row.messageId !== assistantId,
    );
    const generated = access.app.appType === 'generated';
    const truncated = systemActionInfo?.type === 'continue' ? lastTruncated(history) : null;
    // a generated app's documents are few and small: every one is read, and retrieved as the context
    const files = generated
      ? (await readAppDocuments(platform.db, appId)).map((f) => ({ ...f, updatedAt: new Date() }))
      : await readAppFilesWithTimes(platform.db, appId);
    const retrieved = retrieveContext({
      files,
      request: [text, truncated?.file ?? ''].join(' '),
      recentlyChanged: [
        ...(truncated && !truncated.entity ? [truncated.file] : []),
        ...recentlyChanged(history),
      ],
    });
    const prompt = generated
      ? generatedChatPrompt({ documents: files, history, request: text, images, truncated })
      : chatPrompt({
          allPaths: files.map((f) => f.path),
          contextFiles: retrieved.files,
          history,
          entities: await listEntities(platform.db, appId),
          request: text,
          images,
          truncated,
        });

    const applied: AppliedActions = new Map();
    const steps: TurnStep[] = [];
    const build: TurnBuild = {};
    const result = streamText({
      model: platform.ai.languageModel(modelId),
      system: prompt.system,
      messages: prompt.messages,
      tools: chatTools(
        generated
          ? toolTools({
              platform,
              changes: options.changes,
              context: {
                db: platform.db,
                rights: access.rights,
                appId,
                ownerAccountId: access.app.ownerAccountId,
              },
              applied,
            })
          : {
              ...fileTools({
                db: platform.db,
                appId,
                applied,
                build,
                ...(options.checkBuild ? { checkBuild: options.checkBuild } : {}),
              }),
              ...entityTools({
                db: platform.db,
                validator: options.validator,
                appId,
                builderId: caller.userId,
                applied,
              }),
              ...secretTools({ db: platform.db, appId, applied }),
            },
      ),
      stopWhen: [stepCountIs(MAX_TURN_STEPS), cutOff],
      maxRetries: 1,
      abortSignal: AbortSignal.any([AbortSignal.timeout(TURN_TIMEOUT_MS), turn.signal]),
      onStepFinish: (step) => {
        steps.push({ finishReason: step.finishReason, usage: step.usage });
      },
      onError: ({ error }) => platform.logger.warn({ appId, err: error }, 'the space chat model failed'),
    });
    // the turn is read to its end here, whoever reads the answer (a dropped connection does not stop it)
    void result.consumeStream();
    const [forCaller, forRecord] = result
      .toUIMessageStream({
        sendFinish: false,
        generateMessageId: () => assistantId,
        messageMetadata: ({ part }) => (part.type === 'start' ? startAnnotation : undefined),
        // the owner reads it in the message's error block: the provider's own words say what to fix
        onError: (err) => (err instanceof Error ? err.message : 'The AI model failed to answer'),
      })
      .tee();
    const finished = recordTurn({
      platform,
      appId,
      user: { messageId: userId, text },
      assistantId,
      modelId,
      systemActionInfo,
      stream: forRecord,
      applied,
      steps,
      retrieved,
      build,
      appType: generated ? 'generated' : 'space',
      stopped: turn.signal,
      ...(options.validate && !generated ? { validate: options.validate } : {}),
    });
    turn.recorded(finished);
    void finished.finally(stopHeartbeat).catch(() => {});
    // the final annotation (usage, version, context) with the stored actions (a cut one reads truncated there) and
    // status closes the caller's stream once the turn is recorded
    const closing = new TransformStream<UIMessageChunk, UIMessageChunk>({
      async flush(controller) {
        const recorded = await finished;
        controller.enqueue({ type: 'message-metadata', messageMetadata: recorded });
        controller.enqueue({ type: 'finish', messageMetadata: recorded });
      },
    });
    return createUIMessageStreamResponse({ stream: forCaller.pipeThrough(closing) });
  } catch (err) {
    stopHeartbeat();
    turn.drop();
    platform.logger.error({ appId, messageId: assistantId, err }, 'the chat turn failed to start');
    await platform.db
      .update(appChatMessages)
      .set({
        status: 'error',
        annotation: { ...startAnnotation, error: 'The answer could not be started' },
        updatedAt: sql`now()`,
      })
      .where(eq(appChatMessages.messageId, assistantId));
    throw err;
  }
}
