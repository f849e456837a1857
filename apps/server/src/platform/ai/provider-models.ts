/**
 * The models the configured provider serves, from its OpenAI-style `GET {baseURL}/models` (OpenAI, OpenRouter,
 * Ollama's `/v1/models`, any OpenAI-compatible server). Kept for a while: the builder's model picker asks often,
 * the provider's list changes seldom.
 */

const LIST_TTL_MS = 10 * 60_000;
/** a failure is remembered for a short while, so a provider that is down is not asked on every picker open */
const FAILURE_TTL_MS = 60_000;
const TIMEOUT_MS = 5_000;

/** Ids that name no chat model (embeddings, speech, images, moderation, legacy completions). */
const NOT_CHAT = /(embed|whisper|tts|dall-e|moderation|transcribe|image|realtime|audio|davinci|babbage)/i;

export interface ProviderModelsOptions {
  /** `{baseURL}/models` */
  url: string;
  apiKey?: string;
  fetch?: typeof fetch;
  now?: () => number;
}

export type ListProviderModels = () => Promise<string[]>;

/** Reads `{ data: [{ id }] }`; throws when the answer is not one. */
export function parseProviderModels(body: unknown): string[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new Error('the provider answered no model list');
  const ids = data
    .map((m) => (m as { id?: unknown } | null)?.id)
    .filter((id): id is string => typeof id === 'string' && id.trim() !== '' && !NOT_CHAT.test(id));
  return [...new Set(ids)].sort((a, b) => a.localeCompare(b));
}

/** Lists the provider's chat models; throws (and keeps throwing for a minute) when the provider cannot say. */
export function createProviderModels(options: ProviderModelsOptions): ListProviderModels {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const now = options.now ?? Date.now;
  let kept: { until: number; result: Promise<string[]> } | undefined;
  const load = async () => {
    const res = await fetchImpl(options.url, {
      headers: {
        accept: 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new Error(`the provider's model list answered ${res.status}`);
    }
    return parseProviderModels(await res.json());
  };
  return () => {
    if (kept && kept.until > now()) return kept.result;
    const result = load();
    const entry = { until: now() + LIST_TTL_MS, result };
    kept = entry;
    result.catch(() => {
      if (kept === entry) entry.until = now() + FAILURE_TTL_MS;
    });
    return result;
  };
}
