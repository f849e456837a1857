import { z } from 'zod';

/**
 * Evaluations (decision 0019): a set of test inputs with expectations for one tool of an app, or for its chat
 * assistant, run on demand against the current prompt and model, or side by side against another model or an
 * edited prompt before it is saved. Each run keeps its results, pass rate, cost and latency.
 */

/** What an evaluation is for: a tool of the app (its id), or the app's chat assistant. */
export const ASSISTANT_TARGET = 'assistant';

export const EVALUATION_MAX_CASES = 30;
export const EVALUATION_MAX_EXPECTATIONS = 8;
export const EVALUATION_MAX_VARIANTS = 2;
/** runs kept per evaluation: older ones are deleted when a new one starts */
export const EVALUATION_RUNS_KEPT = 20;
export const EVALUATION_TEXT_MAX = 2000;
export const EVALUATION_PATTERN_MAX = 200;
export const EVALUATION_PROMPT_MAX = 20_000;

export const expectationTypes = ['contains', 'not_contains', 'regex', 'json_shape', 'judge'] as const;
export type ExpectationType = (typeof expectationTypes)[number];

/** Names the builder sees for each kind of expectation. */
export const expectationLabels: Record<ExpectationType, string> = {
  contains: 'Contains',
  not_contains: 'Does not contain',
  regex: 'Matches pattern',
  json_shape: 'JSON with keys',
  judge: 'Judged by a model',
};

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'iu');
    return true;
  } catch {
    return false;
  }
}

const jsonKey = z.string().trim().min(1, 'A key cannot be empty').max(100);

export const expectationSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('contains'),
    value: z.string().min(1, 'Write the text the answer must contain').max(EVALUATION_TEXT_MAX),
  }),
  z.object({
    type: z.literal('not_contains'),
    value: z.string().min(1, 'Write the text the answer must not contain').max(EVALUATION_TEXT_MAX),
  }),
  z.object({
    type: z.literal('regex'),
    pattern: z
      .string()
      .min(1, 'Write a pattern')
      .max(EVALUATION_PATTERN_MAX, `A pattern has at most ${EVALUATION_PATTERN_MAX} characters`)
      .refine(compiles, 'This is not a valid regular expression'),
  }),
  z.object({
    type: z.literal('json_shape'),
    /** the keys the answer's JSON object must have; none: any JSON value passes */
    keys: z.array(jsonKey).max(20),
  }),
  z.object({
    type: z.literal('judge'),
    criteria: z.string().trim().min(1, 'Write what the judge checks').max(EVALUATION_TEXT_MAX),
  }),
]);
export type Expectation = z.infer<typeof expectationSchema>;

const inputValue = z.union([
  z.string().max(10_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(1000)).max(50),
]);

export const evaluationCaseSchema = z.object({
  /** the client's id of the case, unique in the evaluation */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'A case id is 1 to 40 letters, digits, - or _'),
  name: z.string().max(120).default(''),
  /** a tool's field values by name; the assistant's user message is `message` */
  inputs: z.record(z.string(), inputValue),
  expectations: z
    .array(expectationSchema)
    .min(1, 'Add at least one expectation')
    .max(EVALUATION_MAX_EXPECTATIONS, `A case has at most ${EVALUATION_MAX_EXPECTATIONS} expectations`),
});
export type EvaluationCase = z.infer<typeof evaluationCaseSchema>;

export const saveEvaluationRequest = z.object({
  cases: z
    .array(evaluationCaseSchema)
    .max(EVALUATION_MAX_CASES, `An evaluation has at most ${EVALUATION_MAX_CASES} cases`)
    .refine((cases) => new Set(cases.map((c) => c.id)).size === cases.length, 'Two cases have the same id'),
});
export type SaveEvaluationRequest = z.infer<typeof saveEvaluationRequest>;

/** One side of a run: the current model and prompt, or another model, or an edited prompt not saved yet. */
export const evaluationVariantSchema = z.object({
  /** a model of the list; none: the app's model */
  model: z.string().trim().min(1).max(200).optional(),
  /** the tool's prompt (or the assistant's instructions) as edited; none: the saved one */
  prompt: z.string().max(EVALUATION_PROMPT_MAX).optional(),
});
export type EvaluationVariant = z.infer<typeof evaluationVariantSchema>;

export const startEvaluationRunRequest = z.object({
  variants: z
    .array(evaluationVariantSchema)
    .min(1, 'Choose what to evaluate')
    .max(EVALUATION_MAX_VARIANTS, 'At most two variants are compared side by side'),
  /** the model that scores judge expectations; none: the operator's default */
  judgeModel: z.string().trim().min(1).max(200).optional(),
});
export type StartEvaluationRunRequest = z.infer<typeof startEvaluationRunRequest>;

export const checkResultSchema = z.object({
  type: z.enum(expectationTypes),
  passed: z.boolean(),
  /** why it failed, or the judge's reason */
  detail: z.string(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

export const caseResultSchema = z.object({
  caseId: z.string(),
  /** which variant answered: 0 or 1 */
  variant: z.number().int(),
  output: z.string(),
  /** the run failed before an answer: the provider's or the request's message */
  error: z.string().nullable(),
  passed: z.boolean(),
  checks: z.array(checkResultSchema),
  latencyMs: z.number(),
  /** dollars for the answer, priced as usage is */
  cost: z.number(),
  tokens: z.number(),
});
export type CaseResult = z.infer<typeof caseResultSchema>;

export const variantSummarySchema = z.object({
  model: z.string(),
  /** whether the prompt was an edited one */
  editedPrompt: z.boolean(),
  prompt: z.string().nullable(),
  passed: z.number().int(),
  total: z.number().int(),
  /** passed / total, 0 to 1; null before any case finished */
  passRate: z.number().nullable(),
  cost: z.number(),
  /** mean answer time of the cases that finished */
  latencyMs: z.number().nullable(),
});
export type VariantSummary = z.infer<typeof variantSummarySchema>;

export const evaluationRunStatuses = ['running', 'finished', 'failed'] as const;

export const evaluationRunSchema = z.object({
  runId: z.string(),
  status: z.enum(evaluationRunStatuses),
  /** why a failed run stopped */
  error: z.string().nullable(),
  judgeModel: z.string().nullable(),
  /** dollars spent on judging */
  judgeCost: z.number(),
  variants: z.array(variantSummarySchema),
  /** cases × variants, in the order they ran */
  results: z.array(caseResultSchema),
  caseCount: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type EvaluationRun = z.infer<typeof evaluationRunSchema>;

export const evaluationRunSummarySchema = evaluationRunSchema.omit({ results: true });
export type EvaluationRunSummary = z.infer<typeof evaluationRunSummarySchema>;

export const evaluationSchema = z.object({
  target: z.object({
    /** the tool's id, or `assistant` */
    id: z.string(),
    kind: z.enum(['tool', 'assistant']),
    name: z.string(),
    /** the inputs a case fills: the tool's fields, or the assistant's message */
    fields: z.array(z.object({ name: z.string(), label: z.string(), required: z.boolean() })),
    /** the saved prompt (the assistant's instructions) a variant may edit */
    prompt: z.string(),
    /** the model the app's runs ask now */
    model: z.string(),
  }),
  appName: z.string(),
  defaultJudgeModel: z.string(),
  cases: z.array(evaluationCaseSchema),
  updatedAt: z.string().nullable(),
  runs: z.array(evaluationRunSummarySchema),
});
export type Evaluation = z.infer<typeof evaluationSchema>;
