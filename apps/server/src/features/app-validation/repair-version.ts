import { generateText } from 'ai';
import {
  AppError,
  validationTexts,
  type AppFile,
  type RepairRequest,
  type RepairResponse,
  type RepairResult,
  type RepairStep,
  type ValidationIssue,
} from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { detectIssues } from './detect-pool';
import { loadTestedVersion, type TestedVersion } from './load-version';
import { ruleRepair } from './rule-repairs';
import { typescript } from './typescript';

/** How long one model call of a repair may take. */
const MODEL_TIMEOUT_MS = 120_000;

const SYSTEM = `You repair one file of a React + TypeScript app that runs in a sandboxed runtime: Tailwind CSS classes,
shadcn/ui components from "@/components/ui/*", lucide-react icons, react-router-dom and the packages the runtime has.
You are given the file and the problems a checker found in it. Fix every problem and change nothing else.
Answer with the whole corrected file in one fenced code block and nothing after it.`;

function repairPrompt(file: AppFile, issues: ValidationIssue[], entityNames: string[]): string {
  const list = issues.map((i) => `- line ${i.line ?? '?'} (${i.detectorId}): ${i.message}`).join('\n');
  return `File: ${file.path}
${entityNames.length ? `The app's entities (through entities.{Name} of @buildai/app-sdk): ${entityNames.join(', ')}\n` : ''}
Problems:
${list}

\`\`\`tsx
${file.content}
\`\`\``;
}

/** The code of a model's answer: its first fenced block, else the whole answer when it looks like code. */
function codeOf(answer: string): string | null {
  const fenced = /```[a-zA-Z]*\n([\s\S]*?)```/.exec(answer);
  if (fenced) return fenced[1]!;
  return /\b(import|export)\b/.test(answer) ? answer : null;
}

let sequence = 0;
const issueId = (issue: ValidationIssue) =>
  `${issue.detectorId}:${issue.file}:${issue.line ?? 0}:${(sequence = (sequence + 1) % 1_000_000)}`;

interface FileLog {
  initialIssueCount: number;
  ruleBasedRepairs: RepairStep[];
  aiRepairs: RepairStep[];
  timeMs: number;
}

interface RepairWithOptions {
  platform: Platform;
  version: TestedVersion;
  request: RepairRequest;
  modelId: string;
}

/** One repair of a version's files with one model: rules first, then up to `iterations` rounds of the model. */
async function repairWith({ platform, version, request, modelId }: RepairWithOptions): Promise<RepairResult> {
  const started = performance.now();
  const t = await typescript();
  const files = new Map(version.files.map((f) => [f.path, f.content]));
  const logs = new Map<string, FileLog>();
  const logOf = (path: string) => {
    let log = logs.get(path);
    if (!log)
      logs.set(path, (log = { initialIssueCount: 0, ruleBasedRepairs: [], aiRepairs: [], timeMs: 0 }));
    return log;
  };
  let applyingMs = 0;
  const detect = async () => {
    const at = performance.now();
    const found = await detectIssues({
      files: [...files].map(([path, content]) => ({ path, content })),
      entityNames: version.entityNames,
    });
    applyingMs += performance.now() - at;
    return found.issues;
  };

  let issues = await detect();
  for (const issue of request.initialIssues) logOf(issue.file).initialIssueCount += 1;

  // rules: each mechanical issue, on the file as the previous rule left it
  for (const issue of issues) {
    const before = files.get(issue.file);
    if (before === undefined) continue;
    const at = performance.now();
    const outcome = ruleRepair(t, before, issue);
    if (!outcome) continue;
    const ms = performance.now() - at;
    if (outcome.ok) files.set(issue.file, outcome.content);
    const log = logOf(issue.file);
    log.timeMs += ms;
    log.ruleBasedRepairs.push({
      detectorId: issue.detectorId,
      issueId: issueId(issue),
      issueMessage: issue.message,
      success: outcome.ok,
      errorMessage: outcome.ok ? null : outcome.reason,
      processingTimeMs: ms,
      originalContent: before,
      outputContent: outcome.ok ? outcome.content : before,
      prompt: '',
      modelUsed: 'rules',
    });
  }
  issues = await detect();

  // the model: each file with issues left, round after round while issues are left
  let iterationsPerformed = 0;
  let modelCalls = 0;
  let modelFailures = 0;
  for (let round = 0; round < request.iterations && issues.length > 0; round++) {
    iterationsPerformed += 1;
    const byFile = new Map<string, ValidationIssue[]>();
    for (const issue of issues) byFile.set(issue.file, [...(byFile.get(issue.file) ?? []), issue]);
    for (const [path, fileIssues] of byFile) {
      const before = files.get(path);
      if (before === undefined) continue;
      const prompt = repairPrompt({ path, content: before }, fileIssues, version.entityNames);
      const at = performance.now();
      let output = before;
      let error: string | null = null;
      modelCalls += 1;
      try {
        const { text } = await generateText({
          model: platform.ai.languageModel(modelId),
          system: SYSTEM,
          prompt,
          temperature: 0,
          maxRetries: 0,
          abortSignal: AbortSignal.timeout(MODEL_TIMEOUT_MS),
        });
        const code = codeOf(text);
        if (code === null) error = 'The model answered no code';
        else output = code;
      } catch (err) {
        modelFailures += 1;
        error = err instanceof Error ? err.message : String(err);
      }
      const ms = performance.now() - at;
      if (error === null) files.set(path, output);
      const log = logOf(path);
      log.timeMs += ms;
      for (const issue of fileIssues) {
        log.aiRepairs.push({
          detectorId: issue.detectorId,
          issueId: issueId(issue),
          issueMessage: issue.message,
          success: error === null,
          errorMessage: error,
          processingTimeMs: ms,
          originalContent: before,
          outputContent: output,
          prompt,
          modelUsed: modelId,
        });
      }
    }
    issues = await detect();
  }
  // a model that answered no call at all (unreachable, unknown, not configured) is a failed repair
  if (modelCalls > 0 && modelFailures === modelCalls) throw new AppError('validation/repair-failed');

  const finalByFile = new Map<string, number>();
  for (const issue of issues) finalByFile.set(issue.file, (finalByFile.get(issue.file) ?? 0) + 1);
  const original = new Map(version.files.map((f) => [f.path, f.content]));
  const repairedFiles = [...files]
    .filter(([path, content]) => original.get(path) !== content)
    .map(([path]) => ({
      fileId: path,
      issuesFixed: Math.max(0, (logs.get(path)?.initialIssueCount ?? 0) - (finalByFile.get(path) ?? 0)),
    }));
  const repairProcessDetails = [...logs].map(([path, log]) => ({
    fileId: path,
    initialIssueCount: log.initialIssueCount,
    finalIssueCount: finalByFile.get(path) ?? 0,
    repairSuccess: (finalByFile.get(path) ?? 0) === 0,
    totalProcessingTimeMs: log.timeMs,
    ruleBasedRepairs: log.ruleBasedRepairs,
    aiRepairs: log.aiRepairs,
  }));
  const executionTimeMs = performance.now() - started;
  return {
    initialIssues: request.initialIssues,
    unresolvedIssues: issues,
    repairedFiles,
    repairProcessDetails,
    iterationsPerformed,
    timingBreakdown: { repairOnlyTimeMs: executionTimeMs - applyingMs, applyingActionsMs: applyingMs },
    previousVersionId: version.versionId,
    appBundle: { files: [...files].map(([path, content]) => ({ path, content })) },
    executionTimeMs,
    modelUsed: modelId,
  };
}

export interface RepairVersionOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  versionId: string;
  body: () => Promise<RepairRequest>;
}

/**
 * POST /api/apps/{appId}/versions/{versionId}/repair (spec 001 §3, §7): the repair of the issues a validation found,
 * by the operator's model and, with `customModel`, by that model at the same time. Never changes the app: the
 * repaired files come back as `appBundle`.
 */
export async function repairVersion({
  platform,
  caller,
  appId,
  versionId,
  body,
}: RepairVersionOptions): Promise<RepairResponse> {
  const version = await loadTestedVersion({ platform, caller, appId, versionId });
  const request = await body();
  if (request.initialIssues.length === 0) throw new AppError('validation/repair-needs-issues');
  const custom = request.customModel
    ? repairWith({ platform, version, request, modelId: request.customModel }).then(
        (result) => ({ result, error: null }),
        (err: unknown) => {
          platform.logger.warn({ err, appId, model: request.customModel }, 'custom model repair failed');
          return { result: null, error: validationTexts.repairCustomFailed };
        },
      )
    : Promise.resolve({ result: null, error: null });
  let main: RepairResult;
  try {
    main = await repairWith({ platform, version, request, modelId: platform.ai.defaultModel });
  } catch (err) {
    await custom;
    if (err instanceof AppError && err.code === 'validation/repair-failed') throw err;
    platform.logger.error({ err, appId, versionId }, 'repair failed');
    throw new AppError('validation/repair-failed');
  }
  const { result, error } = await custom;
  return { ...main, customModelResult: result, customModelError: error };
}
