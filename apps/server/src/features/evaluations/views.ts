import type { EvaluationRun, EvaluationRunSummary } from '@buildai/domain';
import type { evaluationRuns } from '../../db/schema';

export type EvaluationRunRow = typeof evaluationRuns.$inferSelect;

/** A running run whose cases stopped moving this long ago was cut off (the server restarted meanwhile). */
export const STALE_RUN_MS = 10 * 60_000;
export const CUT_OFF_MESSAGE = 'The run was cut off before it finished: start it again';

export function runSummaryView(row: EvaluationRunRow, now = Date.now()): EvaluationRunSummary {
  const stale = row.status === 'running' && now - row.updatedAt.getTime() > STALE_RUN_MS;
  return {
    runId: row.id,
    status: stale ? 'failed' : row.status,
    error: stale ? CUT_OFF_MESSAGE : row.error,
    judgeModel: row.judgeModel,
    judgeCost: row.judgeCost,
    variants: row.variants,
    caseCount: row.caseCount,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function runView(row: EvaluationRunRow): EvaluationRun {
  return { ...runSummaryView(row), results: row.results };
}

export const isLive = (row: EvaluationRunRow, now = Date.now()) =>
  row.status === 'running' && now - row.updatedAt.getTime() <= STALE_RUN_MS;
