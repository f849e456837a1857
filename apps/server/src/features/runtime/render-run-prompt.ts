import { AppError, missingRequiredFields, renderPrompt, type AiApp, type RunInputs } from '@buildai/domain';

export interface RenderRunPromptOptions {
  definition: Pick<AiApp, 'fields' | 'gptPrompt'>;
  inputs: RunInputs;
}

/** The builder's prompt with the user's inputs in its placeholders; refuses missing required fields. */
export function renderRunPrompt({ definition, inputs }: RenderRunPromptOptions): string {
  const missing = missingRequiredFields(definition.fields, inputs);
  if (missing.length > 0) throw new AppError('field/required', { field: missing[0], details: { missing } });
  const prompt = renderPrompt(definition.gptPrompt, inputs).trim();
  if (prompt === '') throw new AppError('tool/prompt-empty');
  return prompt;
}
