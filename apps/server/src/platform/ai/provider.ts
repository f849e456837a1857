import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModelV3, LanguageModelV3 as LanguageModel } from '@ai-sdk/provider';
import { AppError } from '@buildai/domain';
import type { Config } from '../../config';
import { createProviderModels, type ListProviderModels } from './provider-models';

export type AiProviderName = NonNullable<Config['AI_PROVIDER']>;

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

const DEFAULT_BASE_URLS: Partial<Record<AiProviderName, string>> = {
  openrouter: 'https://openrouter.ai/api/v1',
  ollama: 'http://127.0.0.1:11434/v1',
};

/**
 * Model ids are kept in the model router's form (`openai/gpt-4o-mini`) or bare (`gpt-4o-mini`).
 * The router wants the prefixed form; direct providers want the bare one.
 */
export function providerModelId(provider: AiProviderName, modelId: string): string {
  if (provider === 'openrouter') return modelId.includes('/') ? modelId : `openai/${modelId}`;
  if (provider === 'openai' || provider === 'anthropic') {
    const [prefix, ...rest] = modelId.split('/');
    if (rest.length > 0 && (prefix === 'openai' || prefix === 'anthropic')) return rest.join('/');
  }
  return modelId;
}

export interface AiProvider {
  readonly kind: AiProviderName | 'none';
  readonly configured: boolean;
  readonly defaultModel: string;
  /** The language model for an id; throws `ai/not-configured` when no provider is set. */
  languageModel(modelId?: string): LanguageModel;
  /**
   * The embedding model (`AI_EMBEDDING_MODEL`), asking for `embeddingDimensions` values per text; null when none
   * is configured or the provider has none (anthropic).
   */
  embeddingModel(): EmbeddingModelV3 | null;
  readonly embeddingDimensions: number;
  /**
   * The chat models the provider serves, from its `/models` (OpenAI, OpenRouter, Ollama, OpenAI-compatible);
   * null when it has no such list here (none, anthropic). The promise rejects when the provider cannot say.
   */
  readonly listModels: ListProviderModels | null;
}

/**
 * The size of the embeddings is configuration (the column takes any size), so every call asks for it: OpenAI's
 * `text-embedding-3-*` and compatible servers honour `dimensions`.
 */
function withDimensions(model: EmbeddingModelV3, optionsKey: string, dimensions: number): EmbeddingModelV3 {
  return {
    specificationVersion: 'v3',
    provider: model.provider,
    modelId: model.modelId,
    maxEmbeddingsPerCall: model.maxEmbeddingsPerCall,
    supportsParallelCalls: model.supportsParallelCalls,
    doEmbed: (options) =>
      model.doEmbed({
        ...options,
        providerOptions: {
          ...options.providerOptions,
          [optionsKey]: { ...options.providerOptions?.[optionsKey], dimensions },
        },
      }),
  };
}

/**
 * The providers' fetch: a model API does not redirect its calls, so a redirect is refused (the run fails at the
 * provider, with the refusal in the log). Fetch's default, following redirects, copies every request (its body as
 * two more streams) in case one comes: CPU on the way to a run's first token (decision 0005-house-order "Speed").
 */
export const modelFetch: typeof fetch = (input, init) => fetch(input, { ...init, redirect: 'error' });

export function createAiProvider(config: Config): AiProvider {
  const provider = config.AI_PROVIDER;
  const defaultModel = config.AI_DEFAULT_MODEL;
  if (!provider) {
    return {
      kind: 'none',
      configured: false,
      defaultModel,
      languageModel() {
        throw new AppError('ai/not-configured');
      },
      embeddingModel: () => null,
      embeddingDimensions: config.AI_EMBEDDING_DIMENSIONS,
      listModels: null,
    };
  }
  const baseURL = config.AI_BASE_URL ?? DEFAULT_BASE_URLS[provider];
  const apiKey = config.AI_API_KEY;
  const dimensions = config.AI_EMBEDDING_DIMENSIONS;
  let make: (id: string) => LanguageModel;
  let makeEmbedding: ((id: string) => EmbeddingModelV3) | null = null;
  switch (provider) {
    case 'openai': {
      // The chat-completions path works with OpenAI and with every compatible server.
      const openai = createOpenAI({ apiKey, baseURL, fetch: modelFetch });
      make = (id) => openai.chat(id);
      makeEmbedding = (id) => withDimensions(openai.embeddingModel(id), 'openai', dimensions);
      break;
    }
    case 'anthropic': {
      const anthropic = createAnthropic({ apiKey, baseURL, fetch: modelFetch });
      make = (id) => anthropic(id);
      break;
    }
    default: {
      const compatible = createOpenAICompatible({
        name: provider,
        baseURL: baseURL!,
        apiKey,
        includeUsage: true,
        fetch: modelFetch,
      });
      make = (id) => compatible.chatModel(id);
      makeEmbedding = (id) => withDimensions(compatible.embeddingModel(id), 'openaiCompatible', dimensions);
    }
  }
  const embeddingId = config.AI_EMBEDDING_MODEL;
  const embedding = embeddingId && makeEmbedding ? makeEmbedding(embeddingId) : null;
  // Model objects only hold settings: one per id is made once and reused by every run.
  const models = new Map<string, LanguageModel>();
  return {
    kind: provider,
    configured: true,
    defaultModel,
    languageModel(modelId = defaultModel) {
      let model = models.get(modelId);
      if (!model) {
        model = make(providerModelId(provider, modelId));
        if (models.size < 500) models.set(modelId, model);
      }
      return model;
    },
    embeddingModel: () => embedding,
    embeddingDimensions: dimensions,
    listModels:
      provider === 'anthropic'
        ? null
        : createProviderModels({ url: `${(baseURL ?? OPENAI_BASE_URL).replace(/\/+$/, '')}/models`, apiKey }),
  };
}
