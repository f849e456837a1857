import { parseSseEvent, runEventSchema, type RunEvent } from '@buildai/domain';

/**
 * Turns the data of one server-sent event into a RunEvent of the domain's schema (ignores anything else). Its own
 * module because it brings zod: run-tool.ts loads it when a run starts, not with the page (docs/decisions/0005
 * "Page weight").
 */
export function parseRunEvent(data: string): RunEvent | null {
  return parseSseEvent(runEventSchema, data);
}
