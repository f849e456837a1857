import { and, desc, eq } from 'drizzle-orm';
import { EVALUATION_RUNS_KEPT, type Evaluation } from '@buildai/domain';
import { evaluationRuns, evaluations } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { describeTarget, loadTarget } from './load-target';
import { runSummaryView } from './views';

export interface GetEvaluationOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  targetId: string;
}

/** GET /api/apps/{appId}/evaluations/{target}: the cases, what they are for, and the latest runs. */
export async function getEvaluation({
  platform,
  caller,
  appId,
  targetId,
}: GetEvaluationOptions): Promise<Evaluation> {
  const target = await loadTarget({ platform, caller, appId, target: targetId });
  const [saved] = await platform.db
    .select()
    .from(evaluations)
    .where(and(eq(evaluations.appId, appId), eq(evaluations.target, targetId)));
  const runs = await platform.db
    .select()
    .from(evaluationRuns)
    .where(and(eq(evaluationRuns.appId, appId), eq(evaluationRuns.target, targetId)))
    .orderBy(desc(evaluationRuns.createdAt))
    .limit(EVALUATION_RUNS_KEPT);
  return {
    target: describeTarget(target),
    appName: target.app.header.trim() || 'Untitled app',
    defaultJudgeModel: platform.ai.defaultModel,
    cases: saved?.cases ?? [],
    updatedAt: saved?.updatedAt.toISOString() ?? null,
    runs: runs.map((row) => runSummaryView(row)),
  };
}
