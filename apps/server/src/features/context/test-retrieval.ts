import {
  aiQueryMethods,
  TEST_RETRIEVAL_LIMIT,
  type RetrievalMethodResult,
  type TestRetrievalResponse,
} from '@buildai/domain';
import type { Platform } from '../../platform';
import { loadOwnedApp, readSettings, type AppRow } from '../apps';
import type { Builder } from './ingest';
import { retrieveContext } from './retrieval/retrieve';
import { knownSizeMismatch } from './retrieval/vector-index';

/** Why this server cannot search by vector (and so hybrid), or null when it can. */
function vectorProblem(platform: Platform): string | null {
  const model = platform.ai.embeddingModel();
  if (!model) return 'No embedding model is set on this server (AI_EMBEDDING_MODEL).';
  if (!platform.database.vectors) return 'This database has no pgvector.';
  if (knownSizeMismatch(model)) return 'The embedding model answers vectors of another size than configured.';
  return null;
}

/** The query method the app's runs use; an assistant's chat app searches by its parent's. */
async function methodOf(b: Builder, app: AppRow) {
  if (app.appType === 'chat' && app.parentAppId) {
    const parent = await loadOwnedApp(b.platform.db, b.account.accountId, app.parentAppId).catch(() => null);
    if (parent) return readSettings(parent).aiQueryMethod;
  }
  return readSettings(app).aiQueryMethod;
}

export interface TestRetrievalOptions {
  b: Builder;
  appId: string;
  query: string;
  signal?: AbortSignal;
}

/**
 * POST /api/context/test-retrieval (decision 0017 "Test retrieval"): the passages each retrieval method returns for
 * a question, with their scores, so the builder sees what the model will read before any end user asks. Methods this
 * server cannot run are listed as unavailable, with the reason. It reads only: nothing is stored or counted.
 */
export async function testRetrieval({
  b,
  appId,
  query,
  signal,
}: TestRetrievalOptions): Promise<TestRetrievalResponse> {
  const app = await loadOwnedApp(b.platform.db, b.account.accountId, appId);
  const problem = vectorProblem(b.platform);
  const results: RetrievalMethodResult[] = [];
  // one after another: the embedded database runs one statement at a time anyway
  for (const method of aiQueryMethods) {
    if (method !== 'fulltext' && problem) {
      results.push({ method, available: false, reason: problem, passages: [] });
      continue;
    }
    const chunks = await retrieveContext(b.platform, {
      appId: app.appId,
      query,
      method,
      limit: TEST_RETRIEVAL_LIMIT,
      ...(signal ? { signal } : {}),
    });
    results.push({
      method,
      available: true,
      reason: null,
      passages: chunks.map((c) => ({
        itemId: c.itemId,
        itemName: c.itemName,
        chunkId: c.chunkId,
        content: c.content,
        score: c.score,
      })),
    });
  }
  return { query, appMethod: await methodOf(b, app), results };
}
