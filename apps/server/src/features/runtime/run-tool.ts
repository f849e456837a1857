import { eq } from 'drizzle-orm';
import { APICallError, type LanguageModelV3, type LanguageModelV3CallOptions } from '@ai-sdk/provider';
import {
  AppError,
  missingRequiredFields,
  renderPrompt,
  type RunEvent,
  type RunInputs,
  type UsageRecord,
} from '@buildai/domain';
import { newId } from '../../db/ids';
import { runs } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { priceUsage } from '../../platform/ai/model-list';
import { isOwnerOf } from '../apps';
import { hasSyncedItems } from '../context';
import { remember, valuesToRemember } from '../memories';
import type { EndUser } from '../../http/end-user';
import type { PublishedTools } from './published-tools';
import { retrievalQuery, runContext } from './run-context';
import { admitRun, PROVIDER_FAILED, type RunAdmissions } from './run-limits';

export interface PreparedRun {
  runId: string;
  model: string;
  /** Streams the answer; ends with a finish or an error event. Aborting the signal stops the model. */
  events(signal: AbortSignal): AsyncGenerator<RunEvent>;
}

/**
 * Checks everything that can fail before a byte is streamed (visibility, active tool, required fields,
 * a configured model, the user's run limits), stores the run, and returns the stream of its answer.
 */
export async function prepareRun(
  platform: Platform,
  publishedTools: PublishedTools,
  admissions: RunAdmissions,
  caller: Caller | null,
  user: EndUser,
  appId: string,
  toolPath: string,
  inputs: RunInputs,
): Promise<PreparedRun> {
  // This sits on the path to the first token: published tools come from memory.
  const found = await publishedTools.find(appId, toolPath);
  if (!found) throw new AppError(caller ? 'tool/not-found' : 'app/not-found');
  const { app, tool, settings } = found;
  // Whether the app has data to search: one cheap query, started now so it overlaps the checks below. An app
  // without data goes on to the model without searching.
  const hasData = hasSyncedItems(platform.db, app.appId).catch((err: unknown) => {
    platform.logger.error({ err, appId: app.appId }, 'could not look for the data sources of the app');
    return false;
  });
  // Owners may try draft tools of unpublished apps; everyone else runs active tools of published apps.
  const isPublic = app.isPublished && tool.status === 'active';
  if (!isPublic && !(await isOwnerOf(platform, caller, app))) throw new AppError('tool/not-found');

  const missing = missingRequiredFields(tool.definition.fields, inputs);
  if (missing.length > 0) throw new AppError('field/required', { field: missing[0], details: { missing } });
  const prompt = renderPrompt(tool.definition.gptPrompt, inputs).trim();
  if (prompt === '') throw new AppError('tool/prompt-empty');

  const modelId = found.modelChosen ? settings.aiModel : platform.ai.defaultModel;
  const model = platform.ai.languageModel(modelId);
  const runId = newId();
  const row = {
    runId,
    appId: app.appId,
    toolId: tool.toolId,
    userKey: user.userKey,
    credits: settings.creditsPerRun,
    inputs,
    status: 'running' as const,
    model: modelId,
  };
  // With run limits the run is counted and stored before the model is asked (one statement). Without them it
  // is stored once the model has the request, so its database write never delays that request. Every later
  // update waits for this insert.
  let stored: Promise<boolean> | undefined;
  if (settings.dailyUserLimit !== null || settings.weeklyUserLimit !== null) {
    await admitRun(admissions, row, {
      daily: settings.dailyUserLimit,
      weekly: settings.weeklyUserLimit,
    });
    stored = Promise.resolve(true);
  }
  const store = () =>
    (stored ??= platform.db
      .insert(runs)
      .values(row)
      .then(
        () => true,
        (err: unknown) => {
          platform.logger.error({ runId, err }, 'could not store the run');
          return false;
        },
      ));

  // The app's data that answers the inputs goes after the builder's prompt, marked as data (decision 0004).
  const context = (await hasData)
    ? await runContext(
        platform,
        app.appId,
        settings.aiQueryMethod,
        retrievalQuery(inputs, tool.definition.fields ?? []),
      )
    : null;
  const contextItemIds = context?.itemIds ?? [];

  async function finishRun(values: Partial<typeof runs.$inferInsert>) {
    if (!(await store())) return;
    await platform.db
      .update(runs)
      .set({ ...values, ...(contextItemIds.length > 0 && { contextItemIds }), finishedAt: new Date() })
      .where(eq(runs.runId, runId));
  }

  // The model is asked now, before the answer's stream is even set up; the events below read its reply.
  const controller = new AbortController();
  const request = streamWithRetry(model, {
    prompt: [
      {
        role: 'user',
        content: [
          { type: 'text', text: prompt },
          ...(context ? [{ type: 'text' as const, text: context.text }] : []),
        ],
      },
    ],
    temperature: settings.modelTemperature,
    abortSignal: controller.signal,
  });
  // Read (or ended) by the events below; a run whose events are never read must not leave it unhandled.
  request.catch(() => {});
  // Personal and memorize fields are remembered for the user meanwhile; the stream ends after that is done.
  const remembered = remember(
    platform.db,
    { appId: app.appId, userKey: user.userKey, userId: user.userId },
    valuesToRemember(found.remembered, inputs),
  ).catch((err: unknown) => platform.logger.error({ runId, err }, 'could not remember the run inputs'));

  async function* events(signal: AbortSignal): AsyncGenerator<RunEvent> {
    const stop = () => controller.abort();
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    // The start event goes out with the first thing the model sends.
    let started = false;
    const start: RunEvent = { type: 'start', runId, model: modelId };
    let output = '';
    let usage: UsageRecord | null = null;
    let failure: unknown;
    try {
      const { stream } = await request;
      // The provider answered: the request is with the model, and the run is stored meanwhile.
      void store();
      for await (const part of stream) {
        if (part.type === 'text-delta') {
          if (!started) {
            started = true;
            yield start;
          }
          output += part.delta;
          yield { type: 'delta', text: part.delta };
        } else if (part.type === 'error') {
          failure = part.error;
          break;
        } else if (part.type === 'finish') {
          const u = part.usage;
          usage = priceUsage(
            platform.models.find(modelId),
            {
              inputTokens: u.inputTokens.total ?? 0,
              outputTokens: u.outputTokens.total ?? 0,
              cacheReadTokens: u.inputTokens.cacheRead ?? 0,
              cacheWriteTokens: u.inputTokens.cacheWrite ?? 0,
            },
            { finishReason: part.finishReason.unified, modelId },
          );
        }
      }
    } catch (err) {
      failure = err;
    }
    if (!started) yield start;
    await remembered;
    if (signal.aborted) {
      await finishRun({ output, status: 'failed', errorCode: 'cancelled' });
      return;
    }
    if (failure !== undefined) {
      platform.logger.warn({ runId, err: failure }, 'tool run failed at the AI provider');
      // not the user's doing: it costs no credits and does not count against the run limits
      await finishRun({ output, status: 'failed', errorCode: PROVIDER_FAILED, credits: 0 });
      const e = new AppError('ai/provider-failed');
      yield { type: 'error', code: e.code, message: e.message };
      return;
    }
    await finishRun({ output, status: 'succeeded', usage });
    yield { type: 'finish', runId, usage };
  }

  return { runId, model: modelId, events };
}

/** One retry when the provider answers with a retryable error (rate limit, overload) before streaming. */
async function streamWithRetry(model: LanguageModelV3, options: LanguageModelV3CallOptions) {
  try {
    return await model.doStream(options);
  } catch (err) {
    if (!APICallError.isInstance(err) || !err.isRetryable || options.abortSignal?.aborted) throw err;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return model.doStream(options);
  }
}

const RETRY_DELAY_MS = 500;
