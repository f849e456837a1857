import { setTimeout as sleep } from 'node:timers/promises';
import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import pRetry from 'p-retry';
import { streamText, type LanguageModel } from 'ai';
import { providerUsageTokens, usageTokens, type UsageTokens } from '../../platform/ai/model-list';
import type { RunContext } from './run-context';

export interface AskModelOptions {
  model: LanguageModel;
  prompt: string;
  /** the app's data that answers the inputs, after the builder's prompt (decision 0004) */
  context: RunContext | null;
  temperature: number;
  abortSignal: AbortSignal;
  /** called with the usage of a call that finished (not on an error or an abort) */
  onFinish(finished: { tokens: UsageTokens; finishReason: string }): void;
}

/**
 * What a run reads of the model's answer: `start` once the provider answered (the request is with the model),
 * the answer's text as it comes, and an error in place of a throw.
 */
export type ModelPart =
  { type: 'start' } | { type: 'text'; text: string } | { type: 'error'; error: unknown };

/** One retry of a refusal the provider marks as passing (a rate limit, an overload), as the AI SDK's default does. */
const RETRIES = 1;
/** The wait before it when the provider does not say (the AI SDK's initial delay). */
const RETRY_DELAY_MS = 2000;
/** A `retry-after` longer than this is not honoured: the default wait applies (as in the AI SDK). */
const MAX_RETRY_AFTER_MS = 60_000;

/** The wait a refusal asks for (`retry-after-ms`, `retry-after` in seconds or as a date), else the default. */
export function retryDelayMs(error: unknown, now = Date.now()): number {
  const headers = APICallError.isInstance(error) ? error.responseHeaders : undefined;
  const ms = Number(headers?.['retry-after-ms']);
  if (headers?.['retry-after-ms'] !== undefined && Number.isFinite(ms) && ms >= 0 && ms <= MAX_RETRY_AFTER_MS)
    return ms;
  const after = headers?.['retry-after'];
  if (after !== undefined) {
    const seconds = Number(after);
    const wait = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(after) - now;
    if (Number.isFinite(wait) && wait >= 0 && wait <= MAX_RETRY_AFTER_MS) return wait;
  }
  return RETRY_DELAY_MS;
}

const userPrompt = (prompt: string, context: RunContext | null) => [
  { type: 'text' as const, text: prompt },
  ...(context ? [{ type: 'text' as const, text: context.text }] : []),
];

/**
 * Asks the model now, before anyone reads the answer, through the provider's own `doStream` (decision 0005-house-
 * order "Speed"): a tool run is one user message and streamed text, so `streamText`'s steps, tools, telemetry and
 * stream layers only cost CPU here (a fifth to a third of the server's CPU per run). The provider's refusal that it
 * marks as passing (a rate limit, an overload) is retried once with `p-retry`, after the wait the provider asks for;
 * failures arrive as `error` parts, never thrown. A model that is not of the provider interface this path reads goes
 * through `streamText`.
 */
export function askModel(options: AskModelOptions): AskedModel {
  const { model } = options;
  if (typeof model === 'object' && model.specificationVersion === 'v3') return viaProvider(model, options);
  return { parts: viaStreamText(model, options), answered: Promise.resolve() };
}

export interface AskedModel {
  parts: AsyncIterable<ModelPart>;
  /** settles once the provider answered the request (or refused it, or it failed); never rejects */
  answered: Promise<void>;
}

function viaProvider(model: LanguageModelV3, options: AskModelOptions): AskedModel {
  const { prompt, context, temperature, abortSignal } = options;
  const messages: LanguageModelV3Prompt = [{ role: 'user', content: userPrompt(prompt, context) }];
  // the request leaves now; the parts below read its answer when the run's stream asks for them
  const started = pRetry(() => model.doStream({ prompt: messages, temperature, abortSignal }), {
    retries: RETRIES,
    minTimeout: 0,
    signal: abortSignal,
    shouldRetry: ({ error }) => APICallError.isInstance(error) && error.isRetryable,
    onFailedAttempt: async ({ error, retriesLeft }) => {
      if (retriesLeft > 0 && APICallError.isInstance(error) && error.isRetryable)
        await sleep(retryDelayMs(error), undefined, { signal: abortSignal });
    },
  });
  const answered = started.then(
    () => {},
    () => {}, // read (and reported) by the parts
  );
  const parts = (async function* parts(): AsyncGenerator<ModelPart> {
    let stream: ReadableStream<LanguageModelV3StreamPart>;
    try {
      ({ stream } = await started);
    } catch (error) {
      yield { type: 'error', error };
      return;
    }
    yield { type: 'start' };
    const reader = stream.getReader();
    try {
      for (;;) {
        const { done, value: part } = await reader.read();
        if (done) return;
        // an empty delta (OpenAI's first chunk, which only names the role) is no text, as streamText drops it too
        if (part.type === 'text-delta') {
          if (part.delta.length > 0) yield { type: 'text', text: part.delta };
        } else if (part.type === 'error') {
          yield { type: 'error', error: part.error };
          return;
        } else if (part.type === 'finish')
          options.onFinish({
            tokens: providerUsageTokens(part.usage),
            finishReason: part.finishReason.unified,
          });
      }
    } finally {
      // a reader that stops early (an error, the browser gone) lets go of the provider's stream
      await reader.cancel().catch(() => {});
    }
  })();
  return { parts, answered };
}

async function* viaStreamText(model: LanguageModel, options: AskModelOptions): AsyncGenerator<ModelPart> {
  const { prompt, context, temperature, abortSignal } = options;
  const result = streamText({
    model,
    messages: [{ role: 'user', content: userPrompt(prompt, context) }],
    temperature,
    abortSignal,
    maxRetries: RETRIES,
    // the stream's error parts are handled (and logged) by the reader of the run's events
    onError: () => {},
    onFinish: ({ totalUsage, finishReason }) =>
      options.onFinish({ tokens: usageTokens(totalUsage), finishReason }),
  });
  for await (const part of result.fullStream) {
    if (part.type === 'start-step') yield { type: 'start' };
    else if (part.type === 'text-delta') yield { type: 'text', text: part.text };
    else if (part.type === 'error') yield { type: 'error', error: part.error };
  }
}
