import { z } from 'zod';
import { contextItemStatuses } from './context';

/** A status change of a data source item, pushed over SSE while it is unsynced, pending or running. */
export const contextItemEventSchema = z.object({
  id: z.string(),
  status: z.enum(contextItemStatuses),
  numOfChunks: z.number(),
  lastSyncedAt: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type ContextItemEvent = z.infer<typeof contextItemEventSchema>;
