import type { AppSettings, RunInputs, UsageRecord } from '@buildai/domain';
import type { Platform } from '../../platform';
import { priceUsage, type UsageTokens } from '../../platform/ai/model-list';
import type { AppRow, ToolRow } from '../apps';
import { askModel } from './ask-model';
import type { PublishedTools } from './published-tools';
import { renderRunPrompt } from './render-run-prompt';
import { retrievalQuery, runContext } from './run-context';

export interface AnswerForEvaluationOptions {
  platform: Platform;
  publishedTools: PublishedTools;
  app: AppRow;
  tool: ToolRow;
  settings: AppSettings;
  modelId: string;
  /** the tool's prompt as edited and not saved yet; the saved one otherwise */
  prompt?: string;
  inputs: RunInputs;
  signal: AbortSignal;
}

export interface EvaluationAnswer {
  output: string;
  /** priced as a run's usage is; null when the provider gave none */
  usage: UsageRecord | null;
}

/**
 * A tool's answer to one evaluation case, assembled exactly as a run's (decision 0019): the same prompt rendering
 * and required-field check, the same search of the app's data, the same model call with the app's temperature, and
 * the same pricing. It stores no run and counts in no limit: an evaluation is the builder's test, not a use of the
 * app. Throws the AppError of a refused input, and the provider's error.
 */
export async function answerForEvaluation(options: AnswerForEvaluationOptions): Promise<EvaluationAnswer> {
  const { platform, app, tool, settings, modelId, inputs, signal } = options;
  const definition =
    options.prompt === undefined ? tool.definition : { ...tool.definition, gptPrompt: options.prompt };
  const prompt = renderRunPrompt({ definition, inputs });
  const hasData = await options.publishedTools.hasData(app.appId).catch(() => false);
  const context = hasData
    ? await runContext({
        platform,
        appId: app.appId,
        method: settings.aiQueryMethod,
        query: retrievalQuery(inputs, definition.fields ?? []),
        signal,
      })
    : null;
  let finished: { tokens: UsageTokens; finishReason: string } | null = null;
  const answer = askModel({
    model: platform.ai.languageModel(modelId),
    prompt,
    context,
    temperature: settings.modelTemperature,
    abortSignal: signal,
    onFinish: (f) => (finished = f),
  });
  let output = '';
  for await (const part of answer.parts) {
    if (part.type === 'text') output += part.text;
    else if (part.type === 'error') throw part.error;
  }
  // onFinish runs before the stream closes
  const done = finished as { tokens: UsageTokens; finishReason: string } | null;
  const usage = done
    ? priceUsage(platform.models.find(modelId), done.tokens, {
        finishReason: done.finishReason,
        modelId,
      })
    : null;
  return { output, usage };
}
