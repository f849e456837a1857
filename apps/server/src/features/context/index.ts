// The context (data sources) feature as other parts of the server see it (decision 0005, "Feature boundaries").
export { INGEST_JOB, type IngestJobData } from './queue-ingest';
export { assertRoomForItems, effectivePlan, lockAccount, type RoomForItems } from './limits';
export { registerContextJobs, type ExternalImporter, type IngestionServices } from './jobs';
export { storeExtractedText, type ExtractedText } from './pipeline';
export { refreshChunkStatistics } from './statistics';
export { chunkProse, chunkTable, ProseChunker } from './chunk';
export type { ParseLimits } from './parse';
export { cleanText } from './clean-text';
export { contextChannel } from './events';
export { isTransientError } from './transient';
export { assertCsvHasRows, csvLines } from './parse/csv';
export { neutraliseRelationships } from './parse/docx';
export { decodeCharset } from './parse/text';
export { parseHeapMbFor, PDF_SHARED_BYTES, parserWorkerStats, streamInWorker } from './parse/worker';
export { embedChunks } from './retrieval/embed-chunks';
export { HNSW_EF_SEARCH } from './retrieval/list-functions';
export {
  DEFAULT_RETRIEVE_LIMIT,
  hasSyncedItems,
  MAX_QUERY_CHARS,
  reciprocalRankFusion,
  retrieveContext,
  type RetrievedChunk,
  type RetrieveOptions,
} from './retrieval/retrieve';
export { vectorIndexName, vectorIndexSql, vectorLiteral } from './retrieval/vector-index';
export { contextRoutes } from './routes';
export { contextToolRoutes } from './tool-routes';
