import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModelV3, LanguageModelV3 as LanguageModel } from '@ai-sdk/provider';
import { AppError } from '@buildai/domain';
import type { Config } from '../../config';
import { webStreamOf } from '../../http/web-stream';
import { loadUndici } from '../../http/undici';
import type * as UndiciModule from 'undici';
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
 * undici's client for model calls, made on the first call: a keep-alive pool per model server, kept for the life of
 * the process (decision 0005-house-order "Speed", session 24). A run the browser leaves is stopped by aborting its
 * model call, which closes that call's connection (an HTTP/1.1 answer cannot be cut short otherwise); the pool's
 * client then opens a new one at once, so the next run's request finds it ready. undici's `Agent` instead dropped
 * the pool of a server with no connection left, and the next run waited for a new pool to connect.
 */
let modelClient:
  Promise<{ undici: typeof UndiciModule; pool(url: string): UndiciModule.Dispatcher }> | undefined;
const undiciClient = () =>
  (modelClient ??= loadUndici().then((undici) => {
    const pools = new Map<string, UndiciModule.Pool>();
    return {
      undici,
      pool(url: string) {
        const { origin } = new URL(url);
        let pool = pools.get(origin);
        if (!pool) pools.set(origin, (pool = new undici.Pool(origin)));
        return pool;
      },
    };
  }));

const isPlainHeaders = (headers: NonNullable<RequestInit['headers']>) =>
  !(headers instanceof Headers) && !Array.isArray(headers);

/** What fetch throws when it cannot reach the server: the AI SDK reads it as a passing connection failure. */
const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });

/**
 * The providers' fetch, on undici's `request` (decision 0005-house-order "Speed", session 23): a provider's call is
 * a POST of a JSON string whose answer it reads as a stream, and fetch's own layers around it (the request copied as
 * a `Request` with its body as a web stream, the fetch controller, the response's stream fed through them) were
 * the largest part of a run's way to the model. The answer is a `Response` over undici's body; a failure to
 * connect is fetch's `TypeError('fetch failed')` with its cause, and an abort is the signal's reason, as fetch
 * reports them. A model API does not redirect its calls, so a redirect is refused (the run fails at the provider,
 * with the refusal in the log). Anything else than a URL with a string body (none of the providers' calls) goes
 * through fetch, with redirects refused the same way.
 */
export const modelFetch: typeof fetch = async (input, init = {}) => {
  const url = input instanceof URL ? input.href : input;
  const { body, signal } = init;
  if (typeof url !== 'string' || (body != null && typeof body !== 'string'))
    return fetch(input, { ...init, redirect: 'error' });
  const { undici, pool } = await undiciClient();
  signal?.throwIfAborted();
  let answer: UndiciModule.Dispatcher.ResponseData;
  try {
    answer = await undici.request(url, {
      method: (init.method ?? 'GET') as UndiciModule.Dispatcher.HttpMethod,
      // the providers send a plain object; a `Headers` or a list is read as fetch reads it
      headers:
        init.headers === undefined || isPlainHeaders(init.headers)
          ? (init.headers as Record<string, string> | undefined)
          : Object.fromEntries(new Headers(init.headers)),
      body: body ?? null,
      signal: signal ?? null,
      dispatcher: pool(url),
    });
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    throw fetchFailed(err);
  }
  const { statusCode } = answer;
  if (statusCode >= 300 && statusCode < 400 && statusCode !== 304) {
    void answer.body.dump().catch(() => {});
    throw fetchFailed(new Error(`the model API redirected the call (${statusCode})`));
  }
  const headers = new undici.Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.append(name, value);
  }
  const empty = statusCode === 204 || statusCode === 304 || init.method === 'HEAD';
  if (empty) void answer.body.dump().catch(() => {});
  return new undici.Response(empty ? null : (webStreamOf(answer.body) as unknown as UndiciModule.BodyInit), {
    status: statusCode,
    headers,
  }) as unknown as Response;
};

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
