import type { Evaluation, SaveEvaluationRequest } from '@buildai/domain';
import { newId } from '../../db/ids';
import { evaluations } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { getEvaluation } from './get-evaluation';
import { loadTarget } from './load-target';

export interface SaveEvaluationOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  targetId: string;
  input: SaveEvaluationRequest;
}

/** PUT /api/apps/{appId}/evaluations/{target}: replaces the cases (checked whole by the contract first). */
export async function saveEvaluation({
  platform,
  caller,
  appId,
  targetId,
  input,
}: SaveEvaluationOptions): Promise<Evaluation> {
  const target = await loadTarget({ platform, caller, appId, target: targetId });
  const now = new Date();
  await platform.db
    .insert(evaluations)
    .values({ id: newId(), appId, target: targetId, toolId: target.tool?.toolId ?? null, cases: input.cases })
    .onConflictDoUpdate({
      target: [evaluations.appId, evaluations.target],
      set: { cases: input.cases, updatedAt: now },
    });
  return getEvaluation({ platform, caller, appId, targetId });
}
