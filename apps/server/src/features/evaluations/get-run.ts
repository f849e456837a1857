import { and, eq } from 'drizzle-orm';
import { AppError, type EvaluationRun } from '@buildai/domain';
import { evaluationRuns } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadTarget } from './load-target';
import { runView } from './views';

export interface GetEvaluationRunOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  targetId: string;
  runId: string;
}

/** GET /api/apps/{appId}/evaluations/{target}/runs/{runId}: one run with every case's answer and checks. */
export async function getEvaluationRun({
  platform,
  caller,
  appId,
  targetId,
  runId,
}: GetEvaluationRunOptions): Promise<EvaluationRun> {
  await loadTarget({ platform, caller, appId, target: targetId });
  const [row] = await platform.db
    .select()
    .from(evaluationRuns)
    .where(
      and(eq(evaluationRuns.id, runId), eq(evaluationRuns.appId, appId), eq(evaluationRuns.target, targetId)),
    );
  if (!row) throw new AppError('evaluation/run-not-found');
  return runView(row);
}
