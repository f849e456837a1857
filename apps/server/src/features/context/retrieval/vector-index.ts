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
 * that is the one-off build DESIGN §9 asks for (after the bulk load). A failure is logged: searches then scan.
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

/** Embeds texts with the configured model, checking that every vector has the configured size. */
export async function embedTexts(
  model: EmbeddingModelV3,
  values: string[],
  dimensions: number,
  signal?: AbortSignal,
): Promise<number[][]> {
  if (values.length === 0) return [];
  const { embeddings } = await model.doEmbed({ values, abortSignal: signal });
  if (embeddings.length !== values.length) {
    throw new Error(
      `the embedding model answered ${embeddings.length} embeddings for ${values.length} texts`,
    );
  }
  for (const e of embeddings) {
    if (e.length !== dimensions) {
      throw new Error(
        `the embedding model answered ${e.length} values per text; AI_EMBEDDING_DIMENSIONS is ${dimensions}`,
      );
    }
    if (!e.every(Number.isFinite))
      throw new Error('the embedding model answered a value that is not a number');
  }
  return embeddings;
}
