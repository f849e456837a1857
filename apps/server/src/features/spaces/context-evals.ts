import type { ContextMetadata } from '@buildai/domain';
import { estimateTokens, RETRIEVAL_METHODS, type RetrievedContext } from './retrieve-context';

/**
 * The turn's evals: per method, the share of the files the turn then changed that the method had retrieved, and
 * the tokens its files cost. With no relevant file, recall is 1 (nothing was missed).
 */
export function contextEvals(retrieved: RetrievedContext, relevantFiles: string[]): ContextMetadata['evals'] {
  const evals: ContextMetadata['evals'] = {};
  const content = new Map(retrieved.files.map((f) => [f.path, f.content]));
  for (const method of RETRIEVAL_METHODS) {
    const found = retrieved.retrievedFiles
      .filter((r) => r.retrievalMethods.includes(method))
      .map((r) => r.filePath);
    const hits = relevantFiles.filter((p) => found.includes(p)).length;
    evals[method] = {
      recall: relevantFiles.length === 0 ? 1 : hits / relevantFiles.length,
      tokenUsage: found.reduce((n, p) => n + estimateTokens(content.get(p) ?? ''), 0),
    };
  }
  return evals;
}
