import { AppError, runEventSchema, type Citation, type RunEvent, type UsageRecord } from '@buildai/domain';
import type { Platform } from '../../platform';
import { PROVIDER_FAILED } from './run-limits';
import type { ModelPart } from './ask-model';
import type { StoredRun } from './store-run';

export interface StreamRunEventsOptions {
  platform: Platform;
  runId: string;
  modelId: string;
  /** the model's answer, as `askModel` reads it */
  parts: AsyncIterable<ModelPart>;
  run: StoredRun;
  /** the priced usage, once the model finished */
  usage(): UsageRecord | null;
  /** work that must be done before the stream ends (remembering the user's inputs) */
  before: Promise<unknown>;
  /** set when the browser went away */
  signal: AbortSignal;
  /** stops the model */
  stop(): void;
  /** the data source items whose chunks went into the prompt */
  contextItemIds: string[];
  /** the same items with the passages the model read, for the result to list (decision 0017) */
  citations?: Citation[];
}

/** The events of a run, each built through the domain's schema, so the server never sends one the browser cannot parse. */
const event = (value: RunEvent): RunEvent => runEventSchema.parse(value);

/**
 * A delta is the one event sent per token, so it is built by its typed constructor rather than parsed: its only
 * field is the model part's `text`, a string by type, so `{ type: 'delta', text }` is of the schema by construction (the
 * runtime test parses every event of a stream with `runEventSchema` to hold it to that). Decision 0005, "First token".
 */
const delta = (text: string): Extract<RunEvent, { type: 'delta' }> => ({ type: 'delta', text });

/**
 * The run's server-sent events: `start` with the first thing the model sends, the answer's `delta`s, then
 * `finish` or `error`. The run is stored as soon as the model answered and finished with its outcome: succeeded
 * with its usage, failed at the provider (no credits, not counted by the run limits) or cancelled.
 */
export async function* streamRunEvents(options: StreamRunEventsOptions): AsyncGenerator<RunEvent> {
  const { platform, runId, modelId, parts, run, signal, stop, contextItemIds } = options;
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  let started = false;
  const cited = options.citations?.length ? { citations: options.citations } : {};
  const start = () => event({ type: 'start', runId, model: modelId, ...cited });
  let output = '';
  let failure: unknown;
  try {
    for await (const part of parts) {
      if (part.type === 'start') {
        // the provider answered: the request is with the model, and the run is stored meanwhile
        void run.store();
      } else if (part.type === 'text') {
        if (!started) {
          started = true;
          yield start();
        }
        output += part.text;
        yield delta(part.text);
      } else if (part.type === 'error') {
        failure = part.error;
        break;
      }
    }
  } catch (err) {
    failure = err;
  }
  if (!started) yield start();
  await options.before;
  // the citations are kept with the run, so the result opened later lists them as the live one did
  const items = contextItemIds.length > 0 ? { contextItemIds, citations: options.citations ?? [] } : {};
  if (signal.aborted) {
    await run.finish({ output, status: 'failed', errorCode: 'cancelled', ...items });
    return;
  }
  if (failure !== undefined) {
    platform.logger.warn({ runId, err: failure }, 'tool run failed at the AI provider');
    // not the user's doing: it costs no credits and does not count against the run limits
    await run.finish({ output, status: 'failed', errorCode: PROVIDER_FAILED, credits: 0, ...items });
    const e = new AppError('ai/provider-failed');
    yield event({ type: 'error', code: e.code, message: e.message });
    return;
  }
  const usage = options.usage();
  await run.finish({ output, status: 'succeeded', usage, ...items });
  yield event({ type: 'finish', runId, usage });
}
