import { AppError, type UsageRecord } from '@buildai/domain';
import type { PreparedRun } from './run-tool';

export interface CollectedRun {
  runId: string;
  output: string;
  usage: UsageRecord | null;
}

/**
 * A run read to its end, for callers that want the answer whole (the REST API without `stream`, an MCP tool call).
 * The run is stored as its stream stores it; an `error` event becomes its AppError. Aborting the signal stops the
 * model, and the run is stored as cancelled.
 */
export async function collectRun(
  run: PreparedRun,
  signal: AbortSignal,
  /** told of each piece of the answer as it comes (an MCP call's progress) */
  onText?: (text: string) => void,
): Promise<CollectedRun> {
  let output = '';
  for await (const event of run.events(signal)) {
    if (event.type === 'delta') {
      output += event.text;
      onText?.(event.text);
    } else if (event.type === 'finish') return { runId: run.runId, output, usage: event.usage ?? null };
    else if (event.type === 'error') throw new AppError(event.code, { message: event.message });
  }
  // the stream ended without an outcome: the caller went away before the end
  throw new AppError('ai/provider-failed');
}
