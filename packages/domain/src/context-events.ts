import { z } from 'zod';
import { contextItemStatuses } from './context';

/** A status change of a data source item, pushed over SSE while it is unsynced, pending or running. */
export const contextItemEventSchema = z.object({
  id: z.string(),
  status: z.enum(contextItemStatuses),
  numOfChunks: z.number().default(0),
  lastSyncedAt: z.string().nullable().default(null),
  errorMessage: z.string().nullable().default(null),
});
export type ContextItemEvent = z.infer<typeof contextItemEventSchema>;
