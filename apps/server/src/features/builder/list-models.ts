import type { Platform } from '../../platform';
import type { ModelInfo } from '../../platform/ai/model-list';

export interface ModelChoice {
  id: string;
  name: string;
  /** USD per 1M input tokens, when the model list knows the model */
  promptRate: number | null;
  /** USD per 1M output tokens, when the model list knows the model */
  completionRate: number | null;
}

export interface ModelChoices {
  defaultModel: string;
  /** the default first, then the rest by id */
  models: ModelChoice[];
  /** whether data sources can be searched by vector (and hybrid), and why not (the query method says so) */
  vectorSearch: { on: boolean; reason: string | null };
}

/** Vector search needs an embedding model and pgvector in the database. */
export function vectorSearchOf(platform: Platform): ModelChoices['vectorSearch'] {
  if (!platform.ai.embeddingModel())
    return {
      on: false,
      reason:
        'Vector search is off: no embedding model is set on this server (AI_EMBEDDING_MODEL), so data sources are searched by full text.',
    };
  if (!platform.database.vectors)
    return {
      on: false,
      reason:
        'Vector search is off: this database has no pgvector, so data sources are searched by full text.',
    };
  return { on: true, reason: null };
}

/** Providers without a model list here run only their own models: the snapshot's entries of theirs are offered. */
const OWN_MODELS_ONLY: Record<string, string> = { openai: 'openai/', anthropic: 'anthropic/' };

const choice = (id: string, known: ModelInfo | undefined): ModelChoice => ({
  id,
  name: known?.name ?? id,
  promptRate: known?.promptRate ?? null,
  completionRate: known?.completionRate ?? null,
});

/**
 * GET /api/builder/models: the models the configured provider serves (its `/models`), with the prices the model
 * list knows. When the provider has no list, or cannot give it now, the model list's entries stand in (those of the
 * provider when it runs only its own); the reason goes to the log.
 */
export async function listModelChoices(platform: Platform): Promise<ModelChoices> {
  let models: ModelChoice[] | null = null;
  if (platform.ai.listModels) {
    try {
      models = (await platform.ai.listModels()).map((id) => choice(id, platform.models.find(id)));
    } catch (err) {
      platform.logger.warn({ err, provider: platform.ai.kind }, 'the provider did not list its models');
    }
  }
  if (!models) {
    const prefix = OWN_MODELS_ONLY[platform.ai.kind];
    models = platform.models
      .list()
      .filter((m) => !prefix || m.id.startsWith(prefix))
      .map((m) => choice(m.id, m));
  }
  const defaultModel = platform.ai.defaultModel;
  const known = platform.models.find(defaultModel);
  const first = { ...choice(defaultModel, known), name: `${known?.name ?? defaultModel} (default)` };
  return {
    defaultModel,
    models: [first, ...models.filter((m) => m.id !== defaultModel && m.id !== known?.id)],
    vectorSearch: vectorSearchOf(platform),
  };
}
