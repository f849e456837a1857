import { generateText } from 'ai';
import type { UsageRecord } from '@buildai/domain';
import type { Platform } from '../../platform';
import { priceUsage, usageTokens } from '../../platform/ai/model-list';
import type { PublishedTools } from '../runtime';
import type { LoadedAssistant } from './load-assistant';
import { searchData, systemPrompt } from './turn';

export interface AssistantEvaluationOptions {
  platform: Platform;
  publishedTools: PublishedTools;
  assistant: LoadedAssistant;
  modelId: string;
  /** the instructions as edited and not saved yet; the assistant's own otherwise */
  instructions?: string;
  message: string;
  signal: AbortSignal;
}

/** The assistant's instructions as a conversation without memory starts with them. */
export const assistantInstructions = (assistant: LoadedAssistant): string => systemPrompt(assistant, {});

/**
 * The assistant's answer to one evaluation case (decision 0019): a first message of a new conversation, with the
 * same instructions, the same search of the chat app's data and the same temperature and pricing as a turn. It
 * stores no run and offers no tools (a tool call would be a real run of the tool); the user has no memory.
 */
export async function answerAssistantForEvaluation(
  options: AssistantEvaluationOptions,
): Promise<{ output: string; usage: UsageRecord | null }> {
  const { platform, assistant, modelId, message, signal } = options;
  const context = await searchData(platform, {
    assistant,
    message,
    publishedTools: options.publishedTools,
    abortSignal: signal,
  });
  const result = await generateText({
    model: platform.ai.languageModel(modelId),
    system: options.instructions ?? assistantInstructions(assistant),
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: message },
          ...(context ? [{ type: 'text' as const, text: context.text }] : []),
        ],
      },
    ],
    temperature: assistant.settings.modelTemperature,
    abortSignal: signal,
    maxRetries: 1,
  });
  const usage = priceUsage(platform.models.find(modelId), usageTokens(result.totalUsage), {
    finishReason: result.finishReason,
    modelId,
  });
  return { output: result.text, usage };
}
