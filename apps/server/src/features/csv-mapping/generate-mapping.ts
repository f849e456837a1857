import { z } from 'zod';
import {
  AppError,
  generateMappingResponse,
  type GenerateMappingRequest,
  type GenerateMappingResponse,
} from '@buildai/domain';
import type { Platform } from '../../platform';
import { generateStructured, isUnusableAnswer } from '../../platform/ai/structured-output';
import { checkCsvMappings } from './check-mappings';
import { mappingPrompt } from './mapping-prompt';

/** The longest the wizard waits for the model before it falls back to the basic mapping. */
export const MAPPING_TIMEOUT_MS = 30_000;

/**
 * What the model is asked to answer. Each part is a plain string here, so one wrong entry does not sink the whole
 * answer: `checkCsvMappings` replaces it with the basic mapping of its header.
 */
const modelAnswer = z.object({
  mappings: z.array(
    z.object({
      csvHeader: z.string(),
      schemaField: z.string().describe('a field path of the entity, or "" to leave the column out'),
      dataType: z.string().describe('text, number, boolean, datetime or json'),
      splitCharacter: z.string().nullish().describe('for a list of strings: , ; | \\n or \\t'),
    }),
  ),
});

/**
 * POST /api/csv/generateMapping (spec 001 §7): the configured model's mapping of a CSV file's columns onto an
 * entity's fields, held to the request (`checkCsvMappings`). No model configured, a failed call or an answer that
 * is no mapping at all answer `csv/mapping-failed`, and the wizard falls back to the basic mapping.
 */
export async function generateCsvMapping(
  platform: Platform,
  input: GenerateMappingRequest,
  signal?: AbortSignal,
): Promise<GenerateMappingResponse> {
  const modelId = platform.ai.defaultModel;
  const { system, prompt } = mappingPrompt(input);
  const timeout = AbortSignal.timeout(MAPPING_TIMEOUT_MS);
  let answered: z.infer<typeof modelAnswer>;
  try {
    // throws ai/not-configured when the operator set no provider
    const model = platform.ai.languageModel(modelId);
    ({ object: answered } = await generateStructured({
      model,
      schema: modelAnswer,
      name: 'csv_mapping',
      system,
      prompt,
      temperature: 0,
      maxOutputTokens: 4000,
      abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    }));
  } catch (err) {
    const why = isUnusableAnswer(err) ? 'answered no mapping' : err instanceof AppError ? err.code : 'failed';
    platform.logger.warn({ err, modelId, entity: input.entityName }, `csv mapping: the model ${why}`);
    throw new AppError('csv/mapping-failed');
  }
  return generateMappingResponse.parse({
    mappings: checkCsvMappings(input.headers, input.schema, answered.mappings),
  });
}
