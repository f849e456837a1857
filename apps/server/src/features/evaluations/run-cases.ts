import { eq } from 'drizzle-orm';
import {
  AppError,
  type CaseResult,
  type CheckResult,
  type EvaluationCase,
  type UsageRecord,
  type VariantSummary,
} from '@buildai/domain';
import { evaluationRuns } from '../../db/schema';
import type { Platform } from '../../platform';
import { answerAssistantForEvaluation } from '../assistant';
import { answerForEvaluation, type PublishedTools } from '../runtime';
import { checkText, judge } from './checks';
import type { EvaluationTarget } from './load-target';

/** The longest one case's answer may take before it counts as failed. */
export const CASE_TIMEOUT_MS = 120_000;

export interface RunCasesOptions {
  platform: Platform;
  publishedTools: PublishedTools;
  target: EvaluationTarget;
  runId: string;
  cases: EvaluationCase[];
  variants: VariantSummary[];
  judgeModel: string | null;
}

const inputText = (c: EvaluationCase) =>
  Object.entries(c.inputs)
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('\n');

function failureMessage(platform: Platform, err: unknown, runId: string): string {
  if (err instanceof AppError) return err.message;
  platform.logger.warn({ err, runId }, 'an evaluation case failed at the AI provider');
  if (err instanceof Error && err.name === 'TimeoutError') return 'The model took too long to answer';
  return new AppError('ai/provider-failed').message;
}

interface AnswerOptions {
  options: RunCasesOptions;
  c: EvaluationCase;
  variant: VariantSummary;
  signal: AbortSignal;
}

/** The model's answer to one case for one variant, through the same path as a run of the tool or the assistant. */
async function answer({ options, c, variant, signal }: AnswerOptions) {
  const { platform, publishedTools, target } = options;
  const prompt = variant.prompt ?? undefined;
  if (target.tool) {
    return answerForEvaluation({
      platform,
      publishedTools,
      app: target.app,
      tool: target.tool,
      settings: target.settings,
      modelId: variant.model,
      prompt,
      inputs: c.inputs,
      signal,
    });
  }
  const message = typeof c.inputs.message === 'string' ? c.inputs.message.trim() : '';
  if (message === '') throw new AppError('request/invalid', { message: 'This case has no message' });
  return answerAssistantForEvaluation({
    platform,
    publishedTools,
    assistant: target.assistant!,
    modelId: variant.model,
    instructions: prompt,
    message,
    signal,
  });
}

/**
 * Runs every case for every variant, one after the other (a provider's rate limit is not raced, and the order is
 * the one the results show), scores its expectations, and writes the run after each answer so the page sees it
 * fill in. Never throws: a failure of ours ends the run as failed.
 */
export async function runCases(options: RunCasesOptions): Promise<void> {
  const { platform, runId, cases, judgeModel } = options;
  const variants = options.variants.map((v) => ({ ...v }));
  const results: CaseResult[] = [];
  const latencies = variants.map(() => [] as number[]);
  let judgeCost = 0;
  try {
    for (const c of cases) {
      for (const [index, variant] of variants.entries()) {
        const signal = AbortSignal.timeout(CASE_TIMEOUT_MS);
        const started = performance.now();
        let output = '';
        let usage: UsageRecord | null = null;
        let error: string | null = null;
        try {
          ({ output, usage } = await answer({ options, c, variant, signal }));
        } catch (err) {
          error = failureMessage(platform, err, runId);
        }
        const latencyMs = Math.round(performance.now() - started);
        const checks: CheckResult[] = [];
        if (error === null) {
          for (const expectation of c.expectations) {
            if (expectation.type !== 'judge') {
              checks.push(checkText(expectation, output));
              continue;
            }
            const verdict = await judge({
              platform,
              modelId: judgeModel ?? platform.ai.defaultModel,
              criteria: expectation.criteria,
              input: inputText(c),
              output,
              signal: AbortSignal.timeout(CASE_TIMEOUT_MS),
            });
            judgeCost += verdict.cost;
            checks.push(verdict.check);
          }
        }
        const passed = error === null && checks.every((check) => check.passed);
        const cost = usage?.totalCost ?? 0;
        results.push({
          caseId: c.id,
          variant: index,
          output,
          error,
          passed,
          checks,
          latencyMs,
          cost,
          tokens: usage?.totalTokens ?? 0,
        });
        if (error === null) latencies[index]!.push(latencyMs);
        const times = latencies[index]!;
        variant.total += 1;
        variant.passed += passed ? 1 : 0;
        variant.passRate = variant.passed / variant.total;
        variant.cost += cost;
        variant.latencyMs = times.length ? Math.round(times.reduce((a, b) => a + b, 0) / times.length) : null;
        await platform.db
          .update(evaluationRuns)
          .set({ results, variants, judgeCost, updatedAt: new Date() })
          .where(eq(evaluationRuns.id, runId));
      }
    }
    await platform.db
      .update(evaluationRuns)
      .set({ status: 'finished', finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(evaluationRuns.id, runId));
  } catch (err) {
    platform.logger.error({ err, runId }, 'an evaluation run failed');
    await platform.db
      .update(evaluationRuns)
      .set({
        status: 'failed',
        error: new AppError('internal').message,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(evaluationRuns.id, runId))
      .catch((e: unknown) => platform.logger.error({ err: e, runId }, 'could not end an evaluation run'));
  }
}
