import { sql } from 'drizzle-orm';
import type { EmbeddingModelV3 } from '@ai-sdk/provider';
import type { Platform } from '../../../platform';

/**
 * The embedding column takes any size; each configured size gets its own partial HNSW index on
 * `embedding::vector(n)`. Queries must repeat the same expression and the `vector_dims(embedding) = n` filter
 * (with `n` a literal) for the index to be used; they also work, by exact scan, without it.
 */
export function vectorType(dimensions: number) {
  return sql.raw(`vector(${checkedDimensions(dimensions)})`);
}

export function checkedDimensions(dimensions: number): number {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16_000) {
    throw new Error(`invalid embedding size ${dimensions}`);
  }
  return dimensions;
}

/** A vector as pgvector's text input. */
export function vectorLiteral(values: readonly number[]): string {
  return `[${values.join(',')}]`;
}

/** The name of the HNSW index of one embedding size. */
export function vectorIndexName(dimensions: number): string {
  return `context_chunks_embedding_hnsw_${checkedDimensions(dimensions)}`;
}

/** The statement that creates the HNSW index of one embedding size (a no-op when it exists). */
export function vectorIndexSql(dimensions: number): string {
  const n = checkedDimensions(dimensions);
  return (
    `CREATE INDEX IF NOT EXISTS ${vectorIndexName(n)} ON context_chunks ` +
    `USING hnsw ((embedding::vector(${n})) vector_cosine_ops) WHERE vector_dims(embedding) = ${n}`
  );
}

/**
 * Makes sure the HNSW index of this size exists (once per database and size in this process). Creating it takes a
 * lock that holds writes to the chunks back meanwhile; on a table loaded before an embedding model was configured
 * that is the one-off build architecture §9 asks for (after the bulk load). A failure is logged: searches then scan.
 * What was made is kept by the database handle (`Database.once`).
 */
export function ensureVectorIndex(platform: Pick<Platform, 'database' | 'logger'>, dimensions: number) {
  const n = checkedDimensions(dimensions);
  return platform.database.once(vectorIndexName(n), () =>
    platform.database.db.execute(sql.raw(vectorIndexSql(n))).then(
      () => undefined,
      (err: unknown) => {
        // e.g. another instance creating the same index at this moment; its index serves us too
        platform.logger.warn({ err, dimensions: n }, 'could not create the vector index of the chunks');
      },
    ),
  );
}

/**
 * The embedding model answers vectors of another size than AI_EMBEDDING_DIMENSIONS (a model with one fixed size,
 * such as nomic-embed-text's 768): its vectors cannot be stored or searched at the configured size.
 */
export class EmbeddingSizeMismatch extends Error {
  constructor(
    readonly answered: number,
    readonly configured: number,
  ) {
    super(
      `the embedding model answers ${answered} values per text but AI_EMBEDDING_DIMENSIONS is ${configured}: ` +
        `set AI_EMBEDDING_DIMENSIONS=${answered}; data sources are searched by full text only until then`,
    );
  }

  /** What the builder reads on an item synced without vectors. */
  get builderMessage(): string {
    return (
      `Synced for search by words only: the embedding model answers vectors of ${this.answered} values, ` +
      `but the server asks for ${this.configured} (AI_EMBEDDING_DIMENSIONS). ` +
      `Set AI_EMBEDDING_DIMENSIONS=${this.answered} and sync the item again.`
    );
  }
}

/**
 * Models found answering another size, learnt on first use: a fact about the model object (one per configured
 * provider), so it is not asked again for every item and every query until the server is configured anew.
 */
const mismatched = new WeakMap<EmbeddingModelV3, EmbeddingSizeMismatch>();

/** The size mismatch this model was found with, if any. */
export function knownSizeMismatch(model: EmbeddingModelV3): EmbeddingSizeMismatch | undefined {
  return mismatched.get(model);
}

export interface EmbedTextsOptions {
  model: EmbeddingModelV3;
  values: string[];
  dimensions: number;
  signal?: AbortSignal;
}

/** Embeds texts with the configured model, checking that every vector has the configured size. */
export async function embedTexts({
  model,
  values,
  dimensions,
  signal,
}: EmbedTextsOptions): Promise<number[][]> {
  if (values.length === 0) return [];
  const known = mismatched.get(model);
  if (known) throw known;
  const { embeddings } = await model.doEmbed({ values, abortSignal: signal });
  if (embeddings.length !== values.length) {
    throw new Error(
      `the embedding model answered ${embeddings.length} embeddings for ${values.length} texts`,
    );
  }
  for (const e of embeddings) {
    if (e.length !== dimensions) {
      const mismatch = new EmbeddingSizeMismatch(e.length, dimensions);
      mismatched.set(model, mismatch);
      throw mismatch;
    }
    if (!e.every(Number.isFinite))
      throw new Error('the embedding model answered a value that is not a number');
  }
  return embeddings;
}
