import {
  aiAppSchema,
  allowedFieldTypes,
  AppError,
  FIELD_NAME_MAX_LENGTH,
  isReservedFieldName,
  magicFieldSchema,
  modelFor,
  RESERVED_FIELD_NAMES,
  type CustomField,
  type FieldTypeRights,
  type magicCreateRequest,
} from '@buildai/domain';
import { checkToolDefinition } from '@buildai/domain';
import type { z } from 'zod';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { generateStructured, isUnusableAnswer } from '../../platform/ai/structured-output';
import { loadOwnedApp, loadToolOf, loadTools, requireBuilderRights } from '../apps';

export interface MagicCreateResult {
  result: { name: string; field: CustomField };
}

export interface MagicCreateOptions {
  platform: Platform;
  caller: Caller;
  input: z.infer<typeof magicCreateRequest>;
  signal?: AbortSignal;
}

/**
 * POST /api/builder/magicCreate (spec 000 §7): the app's model designs one custom field from the builder's words
 * and the tool's prompt. The answer is held to the same rules as a field the builder adds by hand.
 */
export async function magicCreate({
  platform,
  caller,
  input,
  signal,
}: MagicCreateOptions): Promise<MagicCreateResult> {
  const rights = await requireBuilderRights(platform, caller);
  const app = await loadOwnedApp(platform.db, rights.account.accountId, input.appId);
  const tool = input.toolId
    ? await loadToolOf(platform.db, app.appId, input.toolId)
    : (await loadTools(platform.db, app.appId))[0];
  const existing = tool?.definition.fields ?? [];
  const toolPrompt = input.prompt.trim() || tool?.definition.gptPrompt || '';

  const modelId = modelFor(app.appSettings, platform.ai.defaultModel);
  // throws ai/not-configured when the operator set no provider
  const model = platform.ai.languageModel(modelId);

  let answered: z.infer<typeof magicFieldSchema>;
  try {
    ({ object: answered } = await generateStructured({
      model,
      schema: magicFieldSchema,
      name: 'field',
      transform: unwrapAnswer,
      system: instructions(allowedFieldTypes(rights), existing),
      prompt: `Tool prompt:\n${toolPrompt || '(none yet)'}\n\nField wanted:\n${input.input}`,
      temperature: 0.2,
      maxOutputTokens: 1000,
      abortSignal: signal,
    }));
  } catch (err) {
    const why = isUnusableAnswer(err) ? 'answered no usable field' : 'failed';
    platform.logger.warn({ err, appId: app.appId, modelId }, `magic create: the model ${why}`);
    throw new AppError('magic/failed');
  }
  if (answered.label.trim() === '') return failed(platform, app.appId, modelId);
  const name = answered.name.toLowerCase();
  const label = answered.label.trim().toLowerCase();
  if (
    isReservedFieldName(name) ||
    existing.some((f) => f.name.toLowerCase() === name || (label && f.label.trim().toLowerCase() === label))
  ) {
    throw new AppError('field/generated-exists', { field: 'input', details: { name: answered.name } });
  }
  const field = savable({ ...answered, memorize: false }, rights);
  if (!field) return failed(platform, app.appId, modelId);
  return { result: { name: field.name, field } };
}

function instructions(types: string[], existing: CustomField[]): string {
  const taken = [...RESERVED_FIELD_NAMES, ...existing.map((f) => f.name)];
  return [
    'You design one input field of a form that fills the placeholders of an AI tool prompt.',
    'Answer with one JSON object and nothing else, of this shape:',
    '{"name": string, "label": string, "type": string, "required": boolean, "placeholder": string, ' +
      '"options": [{"label": string}]}',
    `"name" is the {{placeholder}} name: letters, digits and underscores, starting with a letter, at most ${FIELD_NAME_MAX_LENGTH} characters.`,
    `"type" is one of: ${types.join(', ')}.`,
    '"options" only for select and multiselect: short, distinct, non-empty labels.',
    `Do not use these names: ${taken.join(', ')}.`,
  ].join('\n');
}

function failed(platform: Platform, appId: string, modelId: string): never {
  platform.logger.warn({ appId, modelId }, 'magic create: the model answered no usable field');
  throw new AppError('magic/failed');
}

/**
 * The model's text as the JSON of one field: without a markdown code fence, and out of a `{"field": ...}`
 * wrapper some models put around it.
 */
function unwrapAnswer(text: string): string {
  const json = text.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  try {
    const value = JSON.parse(json) as unknown;
    if (value && typeof value === 'object' && 'field' in value) return JSON.stringify(value.field);
  } catch {
    // not JSON: the schema refuses it
  }
  return json;
}

/** The field as it would be saved, or null when the editor could not save it for this builder. */
function savable(field: CustomField, rights: FieldTypeRights): CustomField | null {
  if (!allowedFieldTypes(rights).includes(field.type)) return null;
  try {
    return checkToolDefinition(aiAppSchema.parse({ fields: [field] }), rights, '').fields[0]!;
  } catch {
    return null;
  }
}
