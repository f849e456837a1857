import type { RunEvent, RunInputs, RunSource, UsageRecord } from '@buildai/domain';
import { newId } from '../../db/ids';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { priceUsage } from '../../platform/ai/model-list';
import { remember, valuesToRemember } from '../memories';
import { askModel } from './ask-model';
import { chooseModel } from './choose-model';
import type { EndUser } from '../../http/end-user';
import { findRunnableTool, type RunnableTool } from './find-runnable-tool';
import type { PublishedTools } from './published-tools';
import type { RunAdmissions } from './run-limits';
import { renderRunPrompt } from './render-run-prompt';
import { citationsOf, retrievalQuery, runContext } from './run-context';
import { storeRun } from './store-run';
import { streamRunEvents } from './stream-run-events';

export interface PrepareRunOptions {
  platform: Platform;
  publishedTools: PublishedTools;
  admissions: RunAdmissions;
  caller: Caller | null;
  user: EndUser;
  appId: string;
  toolPath: string;
  inputs: RunInputs;
  /** where the run comes from, for the analytics (default `web`: the app's page) */
  source?: RunSource;
  /** the API key of a run made through the REST API or MCP */
  apiKeyId?: string;
  /** the tool, when the caller found it already (an API key runs its app's active tools, `features/public-api`) */
  tool?: RunnableTool;
}

export interface PreparedRun {
  runId: string;
  model: string;
  /** Streams the answer; ends with a finish or an error event. Aborting the signal stops the model. */
  events(signal: AbortSignal): AsyncGenerator<RunEvent>;
}

/**
 * Checks everything that can fail before a byte is streamed (visibility, active tool, required fields,
 * a configured model, the user's run limits), stores the run, asks the model, and returns the stream of its answer.
 */
export async function prepareRun(options: PrepareRunOptions): Promise<PreparedRun> {
  const { platform, user, inputs } = options;
  const found = options.tool ?? (await findRunnableTool(options));
  const { app, tool, settings } = found;
  // Whether the app has data to search: from memory once known, else one cheap query started now so it overlaps
  // the checks below. An app without data goes on to the model without searching.
  const hasData = options.publishedTools.hasData(app.appId).catch((err: unknown) => {
    platform.logger.error({ err, appId: app.appId }, 'could not look for the data sources of the app');
    return false;
  });
  const prompt = renderRunPrompt({ definition: tool.definition, inputs });

  const { modelId, model } = await chooseModel({ platform, caller: options.caller, found });
  const runId = newId();
  const run = await storeRun({
    platform,
    admissions: options.admissions,
    row: {
      runId,
      appId: app.appId,
      toolId: tool.toolId,
      userKey: user.userKey,
      clientKey: user.clientKey,
      credits: settings.creditsPerRun,
      inputs,
      status: 'running',
      model: modelId,
      source: options.source ?? 'web',
      apiKeyId: options.apiKeyId ?? null,
    },
    limits: { daily: settings.dailyUserLimit, weekly: settings.weeklyUserLimit },
  });

  const context = (await hasData)
    ? await runContext({
        platform,
        appId: app.appId,
        method: settings.aiQueryMethod,
        query: retrievalQuery(inputs, tool.definition.fields ?? []),
      })
    : null;

  // The model is asked now, before the answer's stream is even set up; the events read its reply.
  const controller = new AbortController();
  let usage: UsageRecord | null = null;
  const answer = askModel({
    model,
    prompt,
    context,
    temperature: settings.modelTemperature,
    abortSignal: controller.signal,
    onFinish: ({ tokens, finishReason }) => {
      usage = priceUsage(platform.models.find(modelId), tokens, { finishReason, modelId });
    },
  });
  // The answer's stream is set up once the provider has answered the request (its headers, or a refusal): building
  // the response, its headers and the request's log line would otherwise come between the run's checks and the
  // model's request, on the way to the first token (decision 0005-house-order "Speed", session 21).
  await answer.answered;
  // Personal and memorize fields are remembered for the user meanwhile; the stream ends after that is done.
  const remembered = remember(
    platform.db,
    { appId: app.appId, userKey: user.userKey, userId: user.userId },
    valuesToRemember(found.remembered, inputs),
  ).catch((err: unknown) => platform.logger.error({ runId, err }, 'could not remember the run inputs'));

  return {
    runId,
    model: modelId,
    events: (signal) =>
      streamRunEvents({
        platform,
        runId,
        modelId,
        parts: answer.parts,
        run,
        usage: () => usage,
        before: remembered,
        signal,
        stop: () => controller.abort(),
        contextItemIds: context?.itemIds ?? [],
        citations: citationsOf(context),
      }),
  };
}
