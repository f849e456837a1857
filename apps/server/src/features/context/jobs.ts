import { eq, inArray } from 'drizzle-orm';
import { AppError, maxFileBytes } from '@buildai/domain';
import { contextItems } from '../../db/schema';
import type { Platform } from '../../platform';
import type { ContextItemRow } from './items';
import { INGEST_JOB, queueIngestJob, type IngestJobData } from './queue-ingest';
import { updateItem } from './update-item';
import { extractFile, type ParseLimits } from './parse';
import { parseHeapMbFor } from './parse/worker';
import { planOfAccount } from './limits';
import { failItem, storeExtractedText, type ExtractedText } from './pipeline';
import { isTransientError } from './transient';

/**
 * Tries of an ingestion: transient failures (network, database connection, a provider's 5xx) are retried with
 * backoff; anything else, such as a document that cannot be read, is final.
 */
export const INGEST_ATTEMPTS = 3;
const INGEST_BACKOFF_MS = 2000;

/**
 * Reads the text of an item that lives elsewhere (web page, Notion, Google Drive). The integrations feature provides
 * it; context takes it as an argument so that it does not depend on integrations, which depends on context.
 */
export type ExternalImporter = (
  platform: Platform,
  item: ContextItemRow,
  signal: AbortSignal,
) => Promise<ExtractedText>;

/** What the ingestion jobs of one server read with (decision 0005, "Services instead of module state"). */
export interface IngestionServices {
  /** the parsers' limits: the defaults, or those a test passed where it created the server */
  parseLimits: ParseLimits;
  importExternal: ExternalImporter;
}

/** Registers the ingestion jobs of data source items on the platform's job queue. */
export function registerContextJobs(platform: Platform, ingestion: IngestionServices): void {
  platform.jobs.register<IngestJobData>(
    INGEST_JOB,
    async (data, ctx) => {
      const [item] = await platform.db.select().from(contextItems).where(eq(contextItems.id, data.itemId));
      // deleted, or already finished by an earlier attempt
      if (!item || (item.status !== 'pending' && item.status !== 'running')) return;
      const running = await updateItem({
        platform,
        itemId: item.id,
        patch: { status: 'running' },
        from: ['pending', 'running'],
      });
      if (!running) return;
      try {
        // read once: it sizes the parser's heap and bounds the characters stored
        const plan = await planOfAccount(platform, running.accountId);
        // a document read in parts is read while its first chunks are stored: its failures surface here too
        await storeExtractedText({
          platform,
          itemId: item.id,
          extracted: await extractItem({
            platform,
            services: ingestion,
            item: running,
            plan,
            signal: ctx.signal,
          }),
          plan,
          signal: ctx.signal,
        });
      } catch (err) {
        // only a failure that may pass is tried again: a document's content fails the same way each time
        const final = !isTransientError(err);
        if (final || ctx.attempt >= INGEST_ATTEMPTS || ctx.signal.aborted) {
          if (!(err instanceof AppError))
            platform.logger.warn({ err, itemId: item.id }, 'data item ingestion failed');
          await failItem(
            platform,
            running,
            err instanceof AppError ? err.message : 'The data could not be read',
          );
          return;
        }
        throw err;
      }
    },
    { attempts: INGEST_ATTEMPTS, backoffMs: INGEST_BACKOFF_MS, concurrency: 2 },
  );
  if (platform.jobs.kind === 'in-process') void resumeUnfinished(platform);
}

/**
 * Queues again the items a stopped server left pending or running: the embedded job queue is held in memory and
 * lost with the process (BullMQ keeps its jobs and runs stalled ones again itself). The job deletes whatever chunks
 * the interrupted one had written before storing its own.
 */
async function resumeUnfinished(platform: Platform): Promise<void> {
  try {
    const unfinished = await platform.db
      .select({ id: contextItems.id })
      .from(contextItems)
      .where(inArray(contextItems.status, ['pending', 'running']));
    for (const { id } of unfinished) await queueIngestJob(platform, id);
    if (unfinished.length > 0)
      platform.logger.info({ items: unfinished.length }, 'resumed unfinished data items');
  } catch (err) {
    platform.logger.warn({ err }, 'could not resume unfinished data items');
  }
}

/** The text of an item: its stored file or pasted text, or whatever its source holds. */
async function extractItem({
  platform,
  services: { importExternal, parseLimits },
  item,
  plan,
  signal,
}: {
  platform: Platform;
  services: IngestionServices;
  item: ContextItemRow;
  plan: string;
  signal: AbortSignal;
}): Promise<ExtractedText> {
  if (item.source !== 'local files') return importExternal(platform, item, signal);
  if (!item.blobKey) throw new AppError('context/no-file');
  const blob = await platform.blobs.get(item.blobKey);
  if (!blob) throw new AppError('context/no-file');
  // a large PDF is read by two workers when the database has cores of its own; the embedded database answers on the
  // server's thread, which two busy workers would leave waiting
  const pdfReaders = platform.database.kind === 'postgres' ? 2 : 1;
  // the parser's heap is sized for the largest file the owner's plan takes
  const heapMb = parseHeapMbFor(maxFileBytes(plan));
  return extractFile({
    type: item.type,
    bytes: new Uint8Array(blob.body),
    limits: { pdfReaders, heapMb, ...parseLimits },
    signal,
  });
}
