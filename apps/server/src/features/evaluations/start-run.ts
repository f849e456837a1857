import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  AppError,
  EVALUATION_RUNS_KEPT,
  type EvaluationRun,
  type StartEvaluationRunRequest,
  type VariantSummary,
} from '@buildai/domain';
import { newId } from '../../db/ids';
import { evaluationRuns, evaluations } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { PublishedTools } from '../runtime';
import { describeTarget, loadTarget } from './load-target';
import { runCases } from './run-cases';
import { isLive, runView } from './views';

export interface StartEvaluationRunOptions {
  platform: Platform;
  publishedTools: PublishedTools;
  caller: Caller;
  appId: string;
  targetId: string;
  input: StartEvaluationRunRequest;
}

/**
 * POST /api/apps/{appId}/evaluations/{target}/runs: checks there are cases, a provider and no run under way, stores
 * the run, and answers it at once (202); the cases run after the answer, and the page reads the run until it ends.
 */
export async function startEvaluationRun(options: StartEvaluationRunOptions): Promise<EvaluationRun> {
  const { platform, caller, appId, targetId, input } = options;
  const target = await loadTarget({ platform, caller, appId, target: targetId });
  if (!platform.ai.configured) {
    platform.logger.warn({ appId }, 'an evaluation found no AI provider: set AI_PROVIDER');
    throw new AppError('ai/not-configured');
  }
  const savedPrompt = describeTarget(target).prompt;
  const variants: VariantSummary[] = input.variants.map((v) => {
    const edited = v.prompt !== undefined && v.prompt !== savedPrompt;
    return {
      model: v.model ?? target.model,
      editedPrompt: edited,
      prompt: edited ? v.prompt! : null,
      passed: 0,
      total: 0,
      passRate: null,
      cost: 0,
      latencyMs: null,
    };
  });
  const runId = newId();
  const started = await platform.db.transaction(async (tx) => {
    // one run at a time per evaluation: the cases' row is the lock
    const [saved] = await tx
      .select()
      .from(evaluations)
      .where(and(eq(evaluations.appId, appId), eq(evaluations.target, targetId)))
      .for('update');
    if (!saved || saved.cases.length === 0) throw new AppError('evaluation/no-cases');
    const recent = await tx
      .select()
      .from(evaluationRuns)
      .where(and(eq(evaluationRuns.appId, appId), eq(evaluationRuns.target, targetId)))
      .orderBy(desc(evaluationRuns.createdAt));
    if (recent.some((row) => isLive(row))) throw new AppError('evaluation/busy');
    const hasJudge = saved.cases.some((c) => c.expectations.some((e) => e.type === 'judge'));
    const [row] = await tx
      .insert(evaluationRuns)
      .values({
        id: runId,
        appId,
        target: targetId,
        toolId: target.tool?.toolId ?? null,
        accountId: target.accountId,
        status: 'running',
        judgeModel: hasJudge ? (input.judgeModel ?? platform.ai.defaultModel) : null,
        caseCount: saved.cases.length,
        variants,
      })
      .returning();
    const dropped = recent.slice(EVALUATION_RUNS_KEPT - 1).map((r) => r.id);
    if (dropped.length > 0) await tx.delete(evaluationRuns).where(inArray(evaluationRuns.id, dropped));
    return { row: row!, cases: saved.cases };
  });
  void runCases({
    platform,
    publishedTools: options.publishedTools,
    target,
    runId,
    cases: started.cases,
    variants,
    judgeModel: started.row.judgeModel,
  });
  return runView(started.row);
}
