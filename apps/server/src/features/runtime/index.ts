// The runtime feature as other parts of the server see it (decision 0005, "Feature boundaries").
export { createPublishedTools } from './published-tools';
export { citationsOf, CONTEXT_PREAMBLE, contextBlock, MAX_CONTEXT_CHARS } from './run-context';
export { admitRun, PROVIDER_FAILED, RunAdmissions } from './run-limits';
export { runtimeRoutes } from './routes';
export { prepareRun, type PrepareRunOptions, type PreparedRun } from './run-tool';
export { findRunnableTool } from './find-runnable-tool';
export type { PublishedTools, ToolWithApp } from './published-tools';
export { collectRun, type CollectedRun } from './collect-run';
export { sseRun } from './sse-run';
export type { RunnableTool } from './find-runnable-tool';
export { checkToolInputs, toolInputs, type ToolInput } from './tool-inputs';
export { findKeyTool } from './find-key-tool';
export { askModel, retryDelayMs, type ModelPart } from './ask-model';
export { answerForEvaluation, type EvaluationAnswer } from './answer-for-evaluation';
export { findToolLinkApps, toolLinkRoutes } from './tool-links';
export { itemPreview } from './item-preview';
