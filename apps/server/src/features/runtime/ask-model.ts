import { streamText, type LanguageModel, type LanguageModelUsage } from 'ai';
import type { RunContext } from './run-context';

export interface AskModelOptions {
  model: LanguageModel;
  prompt: string;
  /** the app's data that answers the inputs, after the builder's prompt (decision 0004) */
  context: RunContext | null;
  temperature: number;
  abortSignal: AbortSignal;
  /** called with the usage of a call that finished (not on an error or an abort) */
  onFinish(finished: { usage: LanguageModelUsage; finishReason: string }): void;
}

/**
 * Asks the model now, through the AI SDK's `streamText`: the request leaves before anyone reads the answer. A
 * rate limit or an overload before streaming is retried once (the SDK's back-off, honouring `retry-after`);
 * failures arrive as `error` parts of the stream, never thrown.
 */
export function askModel(options: AskModelOptions) {
  const { model, prompt, context, temperature, abortSignal, onFinish } = options;
  return streamText({
    model,
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: prompt },
          ...(context ? [{ type: 'text' as const, text: context.text }] : []),
        ],
      },
    ],
    temperature,
    abortSignal,
    maxRetries: 1,
    // the stream's error parts are handled (and logged) by the reader of the run's events
    onError: () => {},
    onFinish: ({ totalUsage, finishReason }) => onFinish({ usage: totalUsage, finishReason }),
  });
}
