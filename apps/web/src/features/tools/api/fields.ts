import { api } from '@/lib/api-client';

export interface MagicCreateFieldInput {
  appId: string;
  toolId?: string;
  /** what the builder described, e.g. "the reader's age group" */
  input: string;
  /** the tool's prompt, so the model names the field to fit it */
  prompt: string;
}

export interface MagicCreateFieldResponse {
  result: { name: string; field: unknown };
}

/** POST /api/builder/magicCreate — a field definition written by the model from a short description. */
export function magicCreateField({ appId, toolId, input, prompt }: MagicCreateFieldInput) {
  return api<MagicCreateFieldResponse>('/api/builder/magicCreate', {
    body: { appId, toolId, input, magicType: 'field', prompt },
  });
}
