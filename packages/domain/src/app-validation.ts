import { z } from 'zod';
import { appFileSchema } from './space-apps';

/**
 * The validation and repair tester (spec 001 §2, §3, §4, §7; decision 0013): detectors run over a version's files;
 * repairs return a bundle of files and never change the app; applying a bundle makes a new version.
 */

/** The detectors, in the order they run. */
export const validationDetectors = [
  { detectorId: 'syntax', name: 'Syntax errors' },
  { detectorId: 'types', name: 'Type errors' },
  { detectorId: 'imports', name: 'Imports the runtime refuses' },
  { detectorId: 'default-export', name: 'Pages without a default export' },
  { detectorId: 'jsx-components', name: 'Undefined JSX components' },
  { detectorId: 'icons', name: 'Unknown lucide icons' },
  { detectorId: 'entities', name: 'Unknown entity names' },
  { detectorId: 'unused-imports', name: 'Unused imports' },
  { detectorId: 'tailwind', name: 'Tailwind classes that generate nothing' },
] as const;
export type DetectorId = (typeof validationDetectors)[number]['detectorId'];
export const detectorIds = validationDetectors.map((d) => d.detectorId) as [DetectorId, ...DetectorId[]];

export const validationIssueSchema = z.object({
  /** what is wrong, in words a builder reads */
  message: z.string().max(2000),
  /** the component (function) the issue is in, else the file's name without its extension */
  componentName: z.string().max(200),
  detectorId: z.enum(detectorIds),
  severity: z.enum(['error', 'warning']),
  /** 1-based; null when the issue is about the whole file */
  line: z.number().int().nullable(),
  /** the file the issue is in */
  file: z.string().max(500),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** POST /api/apps/{appId}/versions/{versionId}/validate */
export const validateRequest = z.object({
  messageId: z.string().min(1).max(100),
  messageContent: z.string().max(100_000),
});
export type ValidateRequest = z.infer<typeof validateRequest>;

export const detectorRunSchema = z.object({
  detectorId: z.enum(detectorIds),
  name: z.string(),
  issueCount: z.number().int(),
  executionTimeMs: z.number(),
});
export type DetectorRun = z.infer<typeof detectorRunSchema>;

export const validationResultSchema = z.object({
  issues: z.array(validationIssueSchema),
  detectors: z.array(detectorRunSchema),
  executionTimeMs: z.number(),
});
export type ValidationResult = z.infer<typeof validationResultSchema>;

/** Repair iterations: an integer 1-5 (spec 001 §5, §9). */
export const MIN_REPAIR_ITERATIONS = 1;
export const MAX_REPAIR_ITERATIONS = 5;
export const DEFAULT_REPAIR_ITERATIONS = 1;

/** POST /api/apps/{appId}/versions/{versionId}/repair */
export const repairRequest = z.object({
  messageId: z.string().min(1).max(100),
  messageContent: z.string().max(100_000),
  initialIssues: z.array(validationIssueSchema).max(500),
  iterations: z.number().int().min(MIN_REPAIR_ITERATIONS).max(MAX_REPAIR_ITERATIONS),
  /** a second model that repairs the same issues in parallel, for comparison */
  customModel: z.string().trim().min(1).max(200).optional(),
});
export type RepairRequest = z.infer<typeof repairRequest>;

export const repairStepSchema = z.object({
  detectorId: z.string(),
  issueId: z.string(),
  issueMessage: z.string(),
  success: z.boolean(),
  errorMessage: z.string().nullable(),
  processingTimeMs: z.number(),
  originalContent: z.string(),
  outputContent: z.string(),
  /** the prompt sent to the model; empty for a rule-based repair */
  prompt: z.string(),
  /** the model that answered; 'rules' for a rule-based repair */
  modelUsed: z.string(),
});
export type RepairStep = z.infer<typeof repairStepSchema>;

export const repairFileDetailSchema = z.object({
  fileId: z.string(),
  initialIssueCount: z.number().int(),
  finalIssueCount: z.number().int(),
  repairSuccess: z.boolean(),
  totalProcessingTimeMs: z.number(),
  ruleBasedRepairs: z.array(repairStepSchema),
  aiRepairs: z.array(repairStepSchema),
});

export const repairResultSchema = z.object({
  initialIssues: z.array(validationIssueSchema),
  unresolvedIssues: z.array(validationIssueSchema),
  repairedFiles: z.array(z.object({ fileId: z.string(), issuesFixed: z.number().int() })),
  repairProcessDetails: z.array(repairFileDetailSchema),
  iterationsPerformed: z.number().int(),
  timingBreakdown: z.object({ repairOnlyTimeMs: z.number(), applyingActionsMs: z.number() }),
  /** the version the repair started from */
  previousVersionId: z.string(),
  /** every file of the version with the repairs made: what Apply writes into the app */
  appBundle: z.object({ files: z.array(appFileSchema) }),
  executionTimeMs: z.number(),
  /** the model of the AI repairs */
  modelUsed: z.string(),
});
export type RepairResult = z.infer<typeof repairResultSchema>;

/** The answer of the repair route: the default model's result, and the custom model's when one was asked for. */
export const repairResponse = repairResultSchema.extend({
  customModelResult: repairResultSchema.nullable(),
  /** why the custom model's repair failed ('Failed to repair with custom model'), when it did */
  customModelError: z.string().nullable(),
});
export type RepairResponse = z.infer<typeof repairResponse>;

/** POST /api/apps/{appId}/versions/{versionId}/apply-bundle: a repaired bundle compiled into the app. */
export const applyBundleRequest = z.object({
  messageId: z.string().min(1).max(100),
  files: z.array(appFileSchema).min(1).max(500),
  description: z.string().max(500).optional(),
});
export type ApplyBundleRequest = z.infer<typeof applyBundleRequest>;
export const applyBundleResponse = z.object({ versionId: z.string(), applied: z.literal(true) });
export type ApplyBundleResponse = z.infer<typeof applyBundleResponse>;

/** The tester's words (spec 001 §4, §8), verbatim. */
export const validationTexts = {
  validateFailed: 'Failed to validate',
  validateFailedAlert: 'Error: Failed to validate',
  repairNeedsIssues: 'Please run validation first and ensure there are issues to repair',
  repairFailed: 'Failed to repair',
  repairDefaultFailed: 'Failed to repair with default model',
  repairCustomFailed: 'Failed to repair with custom model',
  repairFailedAlert: 'Error: Failed to repair',
  validate: 'Validate',
  revalidate: 'Re-validate',
  tryRepair: 'Try Repair',
  rerepair: 'Re-repair',
  details: 'Details',
  compareResults: 'Compare Results',
  validationResults: 'Validation Results',
  defaultModelLabel: 'GPT-4o mini',
} as const;
