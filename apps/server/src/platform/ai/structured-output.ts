import {
  extractJsonMiddleware,
  generateText,
  NoObjectGeneratedError,
  Output,
  wrapLanguageModel,
  type LanguageModel,
  type LanguageModelUsage,
} from 'ai';
import type { z } from 'zod';

export interface StructuredOutputOptions<T> {
  model: LanguageModel;
  /** what the answer must be; a part a model may leave out is `optional`/`nullish` here */
  schema: z.ZodType<T>;
  /** the schema's name, as providers with structured outputs want one */
  name: string;
  system: string;
  prompt: string;
  temperature: number;
  maxOutputTokens: number;
  abortSignal?: AbortSignal;
  /**
   * Reshapes the model's text before it is parsed, after a markdown code fence is taken off (e.g. out of a
   * wrapper object some models add).
   */
  transform?: (text: string) => string;
}

export interface StructuredOutput<T> {
  object: T;
  usage: LanguageModelUsage;
  finishReason: string;
}

/**
 * One answer of the model as an object of `schema`: the model is asked for JSON (a provider with structured outputs
 * gets the schema), its text is taken out of a code fence, reshaped by `transform`, and parsed. One helper for every
 * use-case that wants data, not prose, from a model (magic create, CSV mapping, evaluation judges).
 *
 * Not retried (`maxRetries: 0`): each caller has its own answer to a failure. Throws `NoObjectGeneratedError` when
 * the answer is not an object of the schema (see `isUnusableAnswer`), and the provider's error otherwise.
 */
export async function generateStructured<T>(
  options: StructuredOutputOptions<T>,
): Promise<StructuredOutput<T>> {
  const { model, schema, name, transform } = options;
  const result = await generateText({
    model: wrapLanguageModel({
      model: model as Parameters<typeof wrapLanguageModel>[0]['model'],
      middleware: extractJsonMiddleware(transform ? { transform } : undefined),
    }),
    output: Output.object({ schema, name }),
    system: options.system,
    prompt: options.prompt,
    // schemas with optional parts are refused by OpenAI's strict mode
    providerOptions: { openai: { strictJsonSchema: false } },
    temperature: options.temperature,
    maxOutputTokens: options.maxOutputTokens,
    maxRetries: 0,
    abortSignal: options.abortSignal,
  });
  return { object: result.output, usage: result.totalUsage, finishReason: result.finishReason };
}

/** Whether the error says the model answered, but not with an object of the schema. */
export const isUnusableAnswer = (err: unknown): boolean => NoObjectGeneratedError.isInstance(err);
