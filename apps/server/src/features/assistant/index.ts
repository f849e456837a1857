// The chat assistant as other parts of the server see it (decision 0005, "Feature boundaries"; decision 0010).
export { assistantRoutes, openAiCompatibleRoutes, type AssistantServices } from './routes';
export { askAssistant, type AskAssistantOptions } from './ask-assistant';
export { isAssistantActive } from './load-assistant';
// evaluations ask the assistant as a conversation does (decision 0019)
export { answerAssistantForEvaluation, assistantInstructions } from './answer-for-evaluation';
export type { LoadedAssistant } from './load-assistant';
export { ONLY_FROM_DATA_RULE } from './turn';
