import type { ContextMetadata } from '@buildai/domain';

export interface ContextFile {
  path: string;
  methods: string[];
}
export interface ContextGroups {
  used: ContextFile[];
  usedNotRetrieved: ContextFile[];
  retrievedNotUsed: ContextFile[];
  total: number;
  /** method → recall 0–1 */
  recalls: { method: string; recall: number }[];
}

/**
 * The context dialog's three groups: files retrieved and then read or changed (Used Files), read or changed without
 * being retrieved, and retrieved but never used. Without metadata, the files sent count as used.
 */
export function contextGroups(meta: ContextMetadata | undefined, contextFiles: string[] = []): ContextGroups {
  if (!meta) {
    const used = contextFiles.map((path) => ({ path, methods: [] }));
    return { used, usedNotRetrieved: [], retrievedNotUsed: [], total: used.length, recalls: [] };
  }
  const relevant = new Set(meta.relevantFiles);
  const retrieved = new Map(meta.retrievedFiles.map((f) => [f.filePath, f.retrievalMethods]));
  const used = meta.retrievedFiles
    .filter((f) => relevant.has(f.filePath))
    .map((f) => ({ path: f.filePath, methods: f.retrievalMethods }));
  const usedNotRetrieved = meta.relevantFiles
    .filter((p) => !retrieved.has(p))
    .map((path) => ({ path, methods: [] }));
  const retrievedNotUsed = meta.retrievedFiles
    .filter((f) => !relevant.has(f.filePath))
    .map((f) => ({ path: f.filePath, methods: f.retrievalMethods }));
  const recalls = Object.entries(meta.evals).map(([method, e]) => ({ method, recall: e.recall }));
  return {
    used,
    usedNotRetrieved,
    retrievedNotUsed,
    total: retrieved.size + usedNotRetrieved.length,
    recalls,
  };
}
