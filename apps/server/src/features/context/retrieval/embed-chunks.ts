import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { contextChunks } from '../../../db/schema';
import type { Platform } from '../../../platform';
import { embedTexts, ensureVectorIndex, vectorLiteral, vectorType } from './vector-index';

/** Chunks sent to the model per call. */
export const EMBED_BATCH = 64;

/**
 * Embeds the chunks of an item that have no embedding yet, when an embedding model is configured; otherwise does
 * nothing. Called by the ingestion pipeline after the chunks are stored. Chunks embedded at another size (the
 * configured size changed) are embedded again.
 */
export async function embedChunks(platform: Platform, itemId: string, signal?: AbortSignal): Promise<void> {
  const model = platform.ai.embeddingModel();
  // without pgvector (logged at start) the chunks are found by full text only
  if (!model || !platform.database.vectors) return;
  const n = platform.ai.embeddingDimensions;
  await ensureVectorIndex(platform, n);
  const lacking = and(
    eq(contextChunks.itemId, itemId),
    or(isNull(contextChunks.embedding), sql`vector_dims(${contextChunks.embedding}) <> ${n}`),
  );
  for (;;) {
    signal?.throwIfAborted();
    const batch = await platform.db
      .select({ id: contextChunks.id, content: contextChunks.content })
      .from(contextChunks)
      .where(lacking)
      .orderBy(asc(contextChunks.position))
      .limit(EMBED_BATCH);
    if (batch.length === 0) return;
    const vectors = await embedTexts({ model, values: batch.map((c) => c.content), dimensions: n, signal });
    const values = sql.join(
      batch.map((c, i) => sql`(${c.id}::text, ${vectorLiteral(vectors[i]!)}::${vectorType(n)})`),
      sql`, `,
    );
    await platform.db.execute(sql`
      update ${contextChunks} set embedding = v.embedding
      from (values ${values}) as v (id, embedding)
      where ${contextChunks.id} = v.id`);
    if (batch.length < EMBED_BATCH) return;
  }
}
