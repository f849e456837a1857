import type { LanguageModelV3Content } from '@ai-sdk/provider';
import {
  aiAppSchema,
  AppError,
  customFieldSchema,
  FIELD_NAME_MAX_LENGTH,
  type CustomField,
  type magicCreateRequest,
} from '@buildai/domain';
import type { z } from 'zod';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import {
  allowedFieldTypes,
  checkToolDefinition,
  loadOwnedApp,
  loadToolOf,
  loadTools,
  requireBuilderRights,
} from '../apps';

export interface MagicCreateResult {
  result: { name: string; field: CustomField };
}

/** The main input box is always there: a field may not take its name. */
const TAKEN_BY_THE_RUNTIME = ['input'];

/**
 * POST /api/builder/magicCreate (spec 000 §7): the app's model designs one custom field from the builder's words
 * and the tool's prompt. The answer is held to the same rules as a field the builder adds by hand.
 */
export async function magicCreate(
  platform: Platform,
  caller: Caller,
  input: z.infer<typeof magicCreateRequest>,
  signal?: AbortSignal,
): Promise<MagicCreateResult> {
  const rights = await requireBuilderRights(platform, caller);
  const app = await loadOwnedApp(platform.db, rights.account.accountId, input.appId);
  const tool = input.toolId
    ? await loadToolOf(platform.db, app.appId, input.toolId)
    : (await loadTools(platform.db, app.appId))[0];
  const existing = tool?.definition.fields ?? [];
  const toolPrompt = input.prompt.trim() || tool?.definition.gptPrompt || '';

  const stored = app.appSettings as { aiModel?: unknown };
  const modelId =
    typeof stored.aiModel === 'string' && stored.aiModel ? stored.aiModel : platform.ai.defaultModel;
  // throws ai/not-configured when the operator set no provider
  const model = platform.ai.languageModel(modelId);

  let content: LanguageModelV3Content[];
  try {
    ({ content } = await model.doGenerate({
      prompt: [
        { role: 'system', content: instructions(allowedFieldTypes(rights), existing) },
        {
          role: 'user',
          content: [
            {
              type: 'text',
              text: `Tool prompt:\n${toolPrompt || '(none yet)'}\n\nField wanted:\n${input.input}`,
            },
          ],
        },
      ],
      responseFormat: { type: 'json' },
      temperature: 0.2,
      maxOutputTokens: 1000,
      abortSignal: signal,
    }));
  } catch (err) {
    platform.logger.warn({ err, appId: app.appId, modelId }, 'magic create: the model failed');
    throw new AppError('magic/failed');
  }

  const answered = parseField(content);
  if (!answered) return failed(platform, app.appId, modelId);
  const name = answered.name.toLowerCase();
  const label = answered.label.trim().toLowerCase();
  if (
    TAKEN_BY_THE_RUNTIME.includes(name) ||
    existing.some((f) => f.name.toLowerCase() === name || (label && f.label.trim().toLowerCase() === label))
  ) {
    throw new AppError('field/generated-exists', { field: 'input', details: { name: answered.name } });
  }
  const field = savable(answered, rights);
  if (!field) return failed(platform, app.appId, modelId);
  return { result: { name: field.name, field } };
}

function instructions(types: string[], existing: CustomField[]): string {
  const taken = [...TAKEN_BY_THE_RUNTIME, ...existing.map((f) => f.name)];
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

/** The field in the model's answer, or null when there is none. */
function parseField(content: LanguageModelV3Content[]): CustomField | null {
  const text = content
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('')
    .trim()
    .replace(/^```(?:json)?\s*|\s*```$/g, '');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (raw && typeof raw === 'object' && 'field' in raw) raw = (raw as { field: unknown }).field;
  const parsed = customFieldSchema.safeParse(raw);
  if (!parsed.success || parsed.data.label.trim() === '') return null;
  // the editor places the field: no step or item tool of the model's choosing
  const { stepId: _step, toolId: _tool, ...field } = parsed.data;
  return field;
}

/** The field as it would be saved, or null when the editor could not save it for this builder. */
function savable(field: CustomField, rights: { isAdmin: boolean; isLite: boolean }): CustomField | null {
  if (!allowedFieldTypes(rights).includes(field.type)) return null;
  try {
    return checkToolDefinition(aiAppSchema.parse({ fields: [field] }), rights, '').fields[0]!;
  } catch {
    return null;
  }
}
