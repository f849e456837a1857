import type { LanguageModelV3Usage } from '@ai-sdk/provider';
import type { LanguageModelUsage } from 'ai';
import type { UsageRecord } from '@buildai/domain';
import snapshot from './models-snapshot.json';

/**
 * The model list with per-token prices (architecture §6): the public OpenRouter list
 * (`GET https://openrouter.ai/api/v1/models`) refreshed in the background, with a
 * bundled snapshot (`models-snapshot.json`, its origin recorded in its `source` field)
 * for offline use. Rates are dollars per 1M tokens, as the spec shows them.
 */

export const DEFAULT_MODELS_URL = 'https://openrouter.ai/api/v1/models';
const DEFAULT_REFRESH_INTERVAL_MS = 24 * 60 * 60 * 1000;
const DEFAULT_TIMEOUT_MS = 5_000;

export interface ModelInfo {
  /** OpenRouter id, e.g. `openai/gpt-4o-mini`. */
  id: string;
  name: string;
  contextLength: number | null;
  /** USD per 1M uncached input tokens. */
  promptRate: number;
  /** USD per 1M output tokens. */
  completionRate: number;
  /** USD per 1M input tokens read from the provider's prompt cache; the prompt rate when the list gives none. */
  cacheReadRate: number;
  /** USD per 1M input tokens written to the provider's prompt cache; the prompt rate when the list gives none. */
  cacheWriteRate: number;
  /** what the model reads (`text`, `image`, …) when the list says (`architecture.input_modalities`) */
  inputModalities?: string[];
}

export interface UsageTokens {
  /**
   * All input tokens of the call, cached ones included: OpenAI's `prompt_tokens` and the AI SDK's
   * `usage.inputTokens` both count the tokens read from (and written to) the prompt cache.
   */
  inputTokens: number;
  outputTokens: number;
  /** The part of `inputTokens` read from the prompt cache. */
  cacheReadTokens?: number;
  /** The part of `inputTokens` written to the prompt cache. */
  cacheWriteTokens?: number;
}

export interface UsageMeta {
  finishReason: string;
  modelId: string;
  now?: Date;
}

type LogFn = (obj: Record<string, unknown>, msg: string) => void;

export interface ModelListOptions {
  /** Where to fetch the live list; an empty string turns refreshing off. */
  url?: string;
  fetch?: typeof fetch;
  logger?: { info: LogFn; warn: LogFn };
  refreshIntervalMs?: number;
  timeoutMs?: number;
}

/** Origin of the bundled snapshot (repository, path, commit, date), as recorded in the JSON. */
export const snapshotSource: Readonly<Record<string, unknown>> = snapshot.source;

/** Converts a price in USD per token (a decimal string or number) to USD per 1M tokens. */
export function perMillion(value: unknown): number | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return undefined;
  }
  // Shift the decimal exponent instead of multiplying by 1e6, so "0.00000015" becomes exactly 0.15.
  const match = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:e([+-]?\d+))?$/i.exec(text);
  if (!match) return undefined;
  const rate = Number(`${match[1]}e${Number(match[2] ?? 0) + 6}`);
  return Number.isFinite(rate) ? rate : undefined;
}

/**
 * Rate for the model list: the published price, or undefined when absent. Negative prices
 * (OpenRouter marks routers such as `openrouter/auto` with "-1": the price depends on the model
 * routed to) are not known in advance and count as 0.
 */
function rateOf(value: unknown): number | undefined {
  const rate = perMillion(value);
  if (rate === undefined) return undefined;
  return rate < 0 ? 0 : rate;
}

function toModelInfo(raw: unknown): ModelInfo | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const entry = raw as Record<string, unknown>;
  if (typeof entry.id !== 'string' || entry.id.trim() === '') return undefined;
  const pricing =
    typeof entry.pricing === 'object' && entry.pricing !== null
      ? (entry.pricing as Record<string, unknown>)
      : {};
  const promptRate = rateOf(pricing.prompt) ?? 0;
  const contextLength =
    typeof entry.context_length === 'number' &&
    Number.isFinite(entry.context_length) &&
    entry.context_length > 0
      ? entry.context_length
      : null;
  return {
    id: entry.id.trim(),
    name: typeof entry.name === 'string' && entry.name !== '' ? entry.name : entry.id.trim(),
    contextLength,
    promptRate,
    completionRate: rateOf(pricing.completion) ?? 0,
    cacheReadRate: rateOf(pricing.input_cache_read) ?? promptRate,
    cacheWriteRate: rateOf(pricing.input_cache_write) ?? promptRate,
    ...modalitiesOf(entry.architecture),
  };
}

function modalitiesOf(architecture: unknown): { inputModalities?: string[] } {
  const listed = (architecture as { input_modalities?: unknown } | null | undefined)?.input_modalities;
  if (!Array.isArray(listed)) return {};
  return { inputModalities: listed.filter((m): m is string => typeof m === 'string') };
}

/** Reads an OpenRouter `/models` answer (`{ data: [...] }`); entries without an id are skipped. */
export function parseModelList(body: unknown): ModelInfo[] {
  if (typeof body !== 'object' || body === null) return [];
  const data = (body as { data?: unknown }).data;
  if (!Array.isArray(data)) return [];
  const models: ModelInfo[] = [];
  const seen = new Set<string>();
  for (const raw of data) {
    const model = toModelInfo(raw);
    if (!model || seen.has(model.id)) continue;
    seen.add(model.id);
    models.push(model);
  }
  return models;
}

/** Providers preferred when a bare model id (no `provider/` prefix) matches several entries. */
const PREFERRED_PROVIDERS = ['openai/', 'anthropic/'];

/**
 * Other spellings of a bare id as OpenRouter writes it: Anthropic's dated ids
 * (`claude-3-5-sonnet-20241022`, `claude-sonnet-4-5-20250929`, `claude-3-7-sonnet-latest`)
 * appear undated and with dotted versions (`claude-3.5-sonnet`, `claude-sonnet-4.5`).
 */
function bareAliases(bare: string): string[] {
  const aliases: string[] = [];
  const undated = bare.replace(/-(?:\d{8}|latest)$/, '');
  if (undated !== bare) aliases.push(undated);
  if (/^claude-/.test(undated)) {
    const dotted = undated.replace(/(?<=-\d+)-(\d+)(?=-|$)/g, '.$1');
    if (dotted !== undated) aliases.push(dotted);
  }
  return aliases;
}

function pickPreferred(candidates: ModelInfo[] | undefined): ModelInfo | undefined {
  if (!candidates || candidates.length === 0) return undefined;
  for (const prefix of PREFERRED_PROVIDERS) {
    const hit = candidates.find((m) => m.id.startsWith(prefix));
    if (hit) return hit;
  }
  return candidates[0];
}

export class ModelList {
  private models: ModelInfo[] = [];
  private byId = new Map<string, ModelInfo>();
  private byBareId = new Map<string, ModelInfo[]>();
  private origin: 'snapshot' | 'live' = 'snapshot';
  private timer: ReturnType<typeof setInterval> | undefined;
  private inFlight: Promise<boolean> | undefined;
  private controller: AbortController | undefined;
  private readonly url: string;
  private readonly fetchImpl: typeof fetch;
  private readonly logger: ModelListOptions['logger'];
  private readonly refreshIntervalMs: number;
  private readonly timeoutMs: number;

  constructor(options: ModelListOptions = {}) {
    this.url = options.url ?? DEFAULT_MODELS_URL;
    this.fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
    this.logger = options.logger;
    this.refreshIntervalMs = options.refreshIntervalMs ?? DEFAULT_REFRESH_INTERVAL_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.replace(parseModelList(snapshot));
  }

  /** All known models, in list order. */
  list(): ModelInfo[] {
    return [...this.models];
  }

  /**
   * The model for an OpenRouter id (`openai/gpt-4o-mini`) or a provider's bare id (`gpt-4o-mini`,
   * `claude-3-5-sonnet-20241022`). A bare id matching several entries prefers `openai/`, then `anthropic/`.
   */
  find(modelId: string): ModelInfo | undefined {
    const id = modelId.trim().toLowerCase();
    if (id === '') return undefined;
    const exact = this.byId.get(id);
    if (exact) return exact;
    if (id.includes('/')) return undefined;
    for (const bare of [id, ...bareAliases(id)]) {
      const hit = pickPreferred(this.byBareId.get(bare));
      if (hit) return hit;
    }
    return undefined;
  }

  /** Whether the list in use is the bundled snapshot or a fetched one. */
  source(): 'snapshot' | 'live' {
    return this.origin;
  }

  /**
   * Fetches the live list and uses it when the answer parses and is not empty. Never throws:
   * a failure keeps the current list, logs a warning and answers false.
   */
  refresh(): Promise<boolean> {
    if (this.url === '') return Promise.resolve(false);
    this.inFlight ??= this.fetchList().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /** Refreshes once in the background, then every `refreshIntervalMs`; no-op without a url. */
  start(): void {
    if (this.url === '' || this.timer) return;
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.refreshIntervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.controller?.abort();
  }

  private async fetchList(): Promise<boolean> {
    const controller = new AbortController();
    this.controller = controller;
    const timeout = setTimeout(() => controller.abort(), this.timeoutMs);
    timeout.unref();
    try {
      const response = await this.fetchImpl(this.url, {
        signal: controller.signal,
        headers: { accept: 'application/json' },
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        this.logger?.warn(
          { url: this.url, status: response.status, source: this.origin },
          'model list refresh failed; keeping the current list',
        );
        return false;
      }
      const models = parseModelList(await response.json());
      if (models.length === 0) {
        this.logger?.warn(
          { url: this.url, source: this.origin },
          'model list refresh returned no models; keeping the current list',
        );
        return false;
      }
      this.replace(models);
      this.origin = 'live';
      this.logger?.info({ url: this.url, models: models.length }, 'model list refreshed');
      return true;
    } catch (err) {
      const reason = controller.signal.aborted
        ? 'timeout or stop'
        : err instanceof Error
          ? err.message
          : String(err);
      this.logger?.warn(
        { url: this.url, reason, source: this.origin },
        'model list refresh failed; keeping the current list',
      );
      return false;
    } finally {
      clearTimeout(timeout);
      if (this.controller === controller) this.controller = undefined;
    }
  }

  private replace(models: ModelInfo[]): void {
    const byId = new Map<string, ModelInfo>();
    const byBareId = new Map<string, ModelInfo[]>();
    for (const model of models) {
      const id = model.id.toLowerCase();
      byId.set(id, model);
      const slash = id.indexOf('/');
      if (slash < 0) continue;
      const bare = id.slice(slash + 1);
      const list = byBareId.get(bare);
      if (list) list.push(model);
      else byBareId.set(bare, [model]);
    }
    this.models = models;
    this.byId = byId;
    this.byBareId = byBareId;
  }
}

export function createModelList(options: ModelListOptions = {}): ModelList {
  return new ModelList(options);
}

function tokenCount(value: number | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** The tokens of one model call as the AI SDK reports them (a missing count is 0). */
/** The same counts from a provider's own stream (`doStream`'s finish part), as `usageTokens` reads the AI SDK's. */
export function providerUsageTokens(u: LanguageModelV3Usage): UsageTokens {
  return {
    inputTokens: u.inputTokens.total ?? 0,
    outputTokens: u.outputTokens.total ?? 0,
    cacheReadTokens: u.inputTokens.cacheRead ?? 0,
    cacheWriteTokens: u.inputTokens.cacheWrite ?? 0,
  };
}

export function usageTokens(u: LanguageModelUsage): UsageTokens {
  return {
    inputTokens: u.inputTokens ?? 0,
    outputTokens: u.outputTokens ?? 0,
    cacheReadTokens: u.inputTokenDetails?.cacheReadTokens ?? 0,
    cacheWriteTokens: u.inputTokenDetails?.cacheWriteTokens ?? 0,
  };
}

/**
 * The usage record of a call (spec 001 §3), rates per 1M tokens, costs in USD at full precision.
 *
 * `usage.inputTokens` counts every input token, cached ones included (OpenAI's `prompt_tokens`
 * and the AI SDK's `inputTokens` both do), so `promptTokens` reports that total while the prompt
 * rate is charged only on the uncached part: inputTokens − cacheReadTokens − cacheWriteTokens.
 * Cache reads are charged at the cache-read rate and cache writes at the cache-write rate.
 * An unknown model gives zero rates and costs.
 */
export function priceUsage(model: ModelInfo | undefined, usage: UsageTokens, meta: UsageMeta): UsageRecord {
  const promptTokens = tokenCount(usage.inputTokens);
  const completionTokens = tokenCount(usage.outputTokens);
  const cacheReadTokens = Math.min(tokenCount(usage.cacheReadTokens), promptTokens);
  const cacheWriteTokens = Math.min(tokenCount(usage.cacheWriteTokens), promptTokens - cacheReadTokens);
  const uncachedTokens = promptTokens - cacheReadTokens - cacheWriteTokens;

  const promptRate = model?.promptRate ?? 0;
  const completionRate = model?.completionRate ?? 0;
  const cacheReadRate = model?.cacheReadRate ?? 0;
  const cacheWriteRate = model?.cacheWriteRate ?? 0;

  const promptCost = (uncachedTokens * promptRate) / 1e6;
  const completionCost = (completionTokens * completionRate) / 1e6;
  const cacheReadCost = (cacheReadTokens * cacheReadRate) / 1e6;
  const cacheWriteCost = (cacheWriteTokens * cacheWriteRate) / 1e6;

  return {
    promptTokens,
    promptCost,
    promptRate,
    completionTokens,
    completionCost,
    completionRate,
    totalTokens: promptTokens + completionTokens,
    totalCost: promptCost + completionCost + cacheReadCost + cacheWriteCost,
    cacheReadTokens,
    cacheReadCost,
    cacheReadRate,
    cacheWriteTokens,
    cacheWriteCost,
    cacheWriteRate,
    finishReason: meta.finishReason,
    timestamp: (meta.now ?? new Date()).toISOString(),
    modelInfo: { model: meta.modelId },
  };
}
