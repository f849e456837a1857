import type { Platform } from '../../../platform';

export interface RetrievedChunk {
  itemId: string;
  itemName: string;
  chunkId: string;
  content: string;
  score: number;
}

export interface RetrieveOptions {
  appId: string;
  query: string;
  method: 'fulltext' | 'vector' | 'hybrid';
  limit?: number;
}

/** The chunks of an app's synced items that best answer `query`, by the app's query method. */
export async function retrieveContext(
  _platform: Platform,
  _options: RetrieveOptions,
): Promise<RetrievedChunk[]> {
  return [];
}
