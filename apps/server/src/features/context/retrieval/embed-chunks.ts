import type { Platform } from '../../../platform';

/**
 * Embeds the chunks of an item that have no embedding yet, when an embedding model is configured; otherwise does
 * nothing. Called by the ingestion pipeline after the chunks are stored.
 */
export async function embedChunks(
  _platform: Platform,
  _itemId: string,
  _signal?: AbortSignal,
): Promise<void> {}
