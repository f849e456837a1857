// Deterministic embeddings for the fake LLM. A bag of hashed words: each word adds ±1 to one dimension, so texts
// sharing words point in similar directions and retrieval tests get a meaningful nearest neighbour.
import { estimateTokens } from './openai-wire';

export const DEFAULT_EMBEDDING_DIMENSIONS = 8;

interface EmbeddingsRequestBody {
  input?: unknown;
  model?: string;
  dimensions?: number;
  encoding_format?: 'float' | 'base64';
}

/** 32-bit FNV-1a: tiny, stable across runs and platforms. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function embedText(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const word of words) {
    const hash = fnv1a(word);
    vector[hash % dimensions]! += hash & 0x80000000 ? -1 : 1;
  }
  const length = Math.hypot(...vector);
  // A text without words (or whose words cancel out) still needs a unit vector.
  if (length === 0) {
    vector[fnv1a(text) % dimensions] = 1;
    return vector;
  }
  return vector.map((value) => value / length);
}

/** OpenAI accepts a string, an array of strings, or token arrays; tokens are embedded as their digits. */
function inputTexts(input: unknown): string[] | undefined {
  if (typeof input === 'string') return [input];
  if (!Array.isArray(input) || input.length === 0) return undefined;
  if (input.every((item) => typeof item === 'number')) return [input.join(' ')];
  const texts = input.map((item) =>
    typeof item === 'string' ? item : Array.isArray(item) ? item.join(' ') : undefined,
  );
  return texts.every((text) => text !== undefined) ? texts : undefined;
}

/** openai-node asks for base64 by default: little-endian float32s. */
function toBase64(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

/** The `/v1/embeddings` answer, or `undefined` when the input is not one OpenAI would accept. */
export function embeddingsBody(body: EmbeddingsRequestBody, defaultDimensions: number): object | undefined {
  const texts = inputTexts(body.input);
  if (!texts) return undefined;
  const dimensions =
    typeof body.dimensions === 'number' && body.dimensions > 0
      ? Math.floor(body.dimensions)
      : defaultDimensions;
  const promptTokens = texts.reduce((sum, text) => sum + estimateTokens(text), 0);
  return {
    object: 'list',
    data: texts.map((text, index) => {
      const vector = embedText(text, dimensions);
      return {
        object: 'embedding',
        index,
        embedding: body.encoding_format === 'base64' ? toBase64(vector) : vector,
      };
    }),
    model: body.model ?? 'text-embedding-3-small',
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
  };
}
