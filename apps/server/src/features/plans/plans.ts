import { readFileSync } from 'node:fs';
import { planListSchema, type PlanCard } from '@buildai/domain';
import type { Config } from '../../config';
import { invalidRequest } from '../../http/validation';
import bundled from './default-plans.json';

/**
 * The builder plans: the bundled list, or the operator's JSON file in PLANS_FILE (same shape). A file that does
 * not parse stops the start with a message naming the problem.
 */
export function loadPlans(config: Pick<Config, 'PLANS_FILE'>): PlanCard[] {
  let raw: unknown = bundled;
  if (config.PLANS_FILE) {
    try {
      raw = JSON.parse(readFileSync(config.PLANS_FILE, 'utf8'));
    } catch (err) {
      throw new Error(`PLANS_FILE ${config.PLANS_FILE} could not be read as JSON: ${(err as Error).message}`);
    }
  }
  const parsed = planListSchema.safeParse(raw);
  if (!parsed.success) {
    // phrased by the API's one zod-failure function: '<field>: <message>'
    throw new Error(`PLANS_FILE is not a list of plans: ${invalidRequest(parsed.error).message}`);
  }
  // Empty links in the data mean "not set".
  return parsed.data.map((plan) => ({
    ...plan,
    link: plan.link || undefined,
    subscriptionLink: plan.subscriptionLink || undefined,
  }));
}

/** The plan id for a name or id as the admin types it ("Explorer", "explorer"). */
export function findPlan(plans: readonly PlanCard[], nameOrId: string): PlanCard | undefined {
  const wanted = nameOrId.trim().toLowerCase();
  return plans.find((p) => p.id.toLowerCase() === wanted || p.name.toLowerCase() === wanted);
}
