import { z } from 'zod';
import { citationSchema } from './assistant-settings';

/** Usage record of spec 001 §3; rates are dollars per 1M tokens. */
export const usageRecordSchema = z.object({
  promptTokens: z.number(),
  promptCost: z.number(),
  promptRate: z.number(),
  completionTokens: z.number(),
  completionCost: z.number(),
  completionRate: z.number(),
  totalTokens: z.number(),
  totalCost: z.number(),
  cacheReadTokens: z.number(),
  cacheReadCost: z.number(),
  cacheReadRate: z.number(),
  cacheWriteTokens: z.number(),
  cacheWriteCost: z.number(),
  cacheWriteRate: z.number(),
  finishReason: z.string(),
  timestamp: z.string(),
  modelInfo: z.object({ model: z.string() }),
});
export type UsageRecord = z.infer<typeof usageRecordSchema>;

/**
 * The server-sent events of a tool run stream (`POST /api/apps/{appId}/tools/{toolPath}/run`): `start` with the
 * first thing the model sends, `delta`s of the answer, then one `finish` or one `error`. The server builds every
 * event through this schema and the browser parses every event with it (docs/decisions/0005).
 */
export const runEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    runId: z.string(),
    model: z.string(),
    /** the data items the run's prompt drew on (decision 0017 "Citations"); absent when none */
    citations: z.array(citationSchema).optional(),
  }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('finish'), runId: z.string(), usage: usageRecordSchema.nullable() }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type RunEvent = z.infer<typeof runEventSchema>;

/**
 * The event in the data of one server-sent event, or null when it is not JSON or not an event of the schema
 * (an older or newer server, a proxy's page): the stream's reader skips it.
 */
export function parseSseEvent<T>(schema: z.ZodType<T>, data: string): T | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
