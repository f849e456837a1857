import { AppError } from '@buildai/domain';
import type { Platform } from '../../platform';
import { updateItem } from './update-item';

/** The job that ingests one item. */
export const INGEST_JOB = 'context.ingest';
export interface IngestJobData {
  itemId: string;
}

/** Queues an item's ingestion: it turns pending first, so the job never finds it unsynced. */
export async function enqueueIngest(platform: Platform, itemId: string): Promise<void> {
  await updateItem({ platform, itemId, patch: { status: 'pending', errorMessage: null } });
  await queueIngestJob(platform, itemId);
}

/** Queues the job of an item already pending; the item ends in error if the queue refuses it. */
export async function queueIngestJob(platform: Platform, itemId: string): Promise<void> {
  try {
    await platform.jobs.enqueue<IngestJobData>(INGEST_JOB, { itemId });
  } catch (err) {
    platform.logger.error({ err, itemId }, 'could not queue a data item');
    await updateItem({ platform, itemId, patch: { status: 'error', errorMessage: 'Could not be queued' } });
    throw new AppError('internal');
  }
}
