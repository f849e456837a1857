import { and, eq } from 'drizzle-orm';
import { streamText } from 'ai';
import {
  AppError,
  DEFAULT_TEMPERATURE,
  missingRequiredFields,
  renderPrompt,
  type RunEvent,
  type RunInputs,
  type UsageRecord,
} from '@buildai/domain';
import { newId } from '../../db/ids';
import { apps, runs, tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { priceUsage } from '../../platform/ai/model-list';
import { isOwnerOf } from '../apps/load-app';

export interface PreparedRun {
  runId: string;
  model: string;
  /** Streams the answer; ends with a finish or an error event. Aborting the signal stops the model. */
  events(signal: AbortSignal): AsyncGenerator<RunEvent>;
}

/**
 * Checks everything that can fail before a byte is streamed (visibility, active tool, required fields,
 * a configured model), stores the run, and returns the stream of its answer.
 */
export async function prepareRun(
  platform: Platform,
  caller: Caller | null,
  appId: string,
  toolPath: string,
  inputs: RunInputs,
): Promise<PreparedRun> {
  // One query for the app and its tool: this sits on the path to the first token.
  const [found] = await platform.db
    .select({ app: apps, tool: tools })
    .from(tools)
    .innerJoin(apps, eq(apps.appId, tools.appId))
    .where(and(eq(tools.appId, appId), eq(tools.path, toolPath)));
  if (!found) throw new AppError(caller ? 'tool/not-found' : 'app/not-found');
  const { app, tool } = found;
  // Owners may try draft tools of unpublished apps; everyone else runs active tools of published apps.
  const isPublic = app.isPublished && tool.status === 'active';
  if (!isPublic && !(await isOwnerOf(platform, caller, app))) throw new AppError('tool/not-found');

  const missing = missingRequiredFields(tool.definition.fields, inputs);
  if (missing.length > 0) throw new AppError('field/required', { field: missing[0], details: { missing } });
  const prompt = renderPrompt(tool.definition.gptPrompt, inputs).trim();
  if (prompt === '') throw new AppError('tool/prompt-empty');

  const settings = app.appSettings as { aiModel?: string; modelTemperature?: number };
  const modelId = settings.aiModel || platform.ai.defaultModel;
  const model = platform.ai.languageModel(modelId);
  const temperature = settings.modelTemperature ?? DEFAULT_TEMPERATURE;

  const runId = newId();
  // The run is stored while the model starts answering; its final update waits for this insert.
  const stored = platform.db
    .insert(runs)
    .values({ runId, appId: app.appId, toolId: tool.toolId, inputs, status: 'running', model: modelId })
    .then(
      () => true,
      (err: unknown) => {
        platform.logger.error({ runId, err }, 'could not store the run');
        return false;
      },
    );

  async function finishRun(values: Partial<typeof runs.$inferInsert>) {
    if (!(await stored)) return;
    await platform.db
      .update(runs)
      .set({ ...values, finishedAt: new Date() })
      .where(eq(runs.runId, runId));
  }

  async function* events(signal: AbortSignal): AsyncGenerator<RunEvent> {
    yield { type: 'start', runId, model: modelId };
    let output = '';
    let usage: UsageRecord | null = null;
    let failure: unknown;
    try {
      const result = streamText({
        model,
        prompt,
        temperature,
        abortSignal: signal,
        maxRetries: 1,
        // failures arrive as error parts below and are logged there
        onError: () => {},
      });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          output += part.text;
          yield { type: 'delta', text: part.text };
        } else if (part.type === 'error') {
          failure = part.error;
          break;
        } else if (part.type === 'finish') {
          const u = part.totalUsage;
          usage = priceUsage(
            platform.models.find(modelId),
            {
              inputTokens: u.inputTokens ?? 0,
              outputTokens: u.outputTokens ?? 0,
              cacheReadTokens: u.inputTokenDetails?.cacheReadTokens ?? 0,
              cacheWriteTokens: u.inputTokenDetails?.cacheWriteTokens ?? 0,
            },
            { finishReason: part.finishReason, modelId },
          );
        }
      }
    } catch (err) {
      failure = err;
    }
    if (signal.aborted) {
      await finishRun({ output, status: 'failed', errorCode: 'cancelled' });
      return;
    }
    if (failure !== undefined) {
      platform.logger.warn({ runId, err: failure }, 'tool run failed at the AI provider');
      await finishRun({ output, status: 'failed', errorCode: 'ai/provider-failed' });
      const e = new AppError('ai/provider-failed');
      yield { type: 'error', code: e.code, message: e.message };
      return;
    }
    await finishRun({ output, status: 'succeeded', usage });
    yield { type: 'finish', runId, usage };
  }

  return { runId, model: modelId, events };
}
