import { MASKED_VALUE, type LogEntry, type LogUsage, type RunSource } from '@buildai/domain';
import type { ToolRow } from '../apps';

/** A run as the logs' SQL reads it (snake_case, as `db.execute` answers). */
export interface LogRow {
  run_id: string;
  created_at: string | Date;
  email: string | null;
  user_key: string;
  source: RunSource;
  tool_id: string | null;
  conversation_id: string | null;
  status: LogEntry['status'];
  error_code: string | null;
  inputs: Record<string, unknown>;
  output: string;
  model: string;
  usage: Partial<LogUsage> | null;
  credits: number;
  rating: LogEntry['rating'];
  rating_reason: string | null;
}

/** The names of each tool's personal fields (email fields are personal: spec 000 §5). */
export function personalFieldsOf(tools: readonly ToolRow[]): Map<string, Set<string>> {
  return new Map(
    tools.map((tool) => [
      tool.toolId,
      new Set(
        (tool.definition.fields ?? []).filter((f) => f.personal || f.type === 'email').map((f) => f.name),
      ),
    ]),
  );
}

/** Who ran it, as the logs name them: a visitor's id, an API key, or the user's id (their email is beside it). */
function whoOf(userKey: string): string {
  if (userKey === '') return 'unknown';
  const colon = userKey.indexOf(':');
  return colon < 0 ? userKey : userKey.slice(colon + 1);
}

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

export interface ToLogEntryOptions {
  row: LogRow;
  tools: ReadonlyMap<string, ToolRow>;
  personal: ReadonlyMap<string, ReadonlySet<string>>;
  reveal: boolean;
}

export function toLogEntry({ row, tools, personal, reveal }: ToLogEntryOptions): LogEntry {
  const hidden = row.tool_id ? (personal.get(row.tool_id) ?? new Set<string>()) : new Set<string>();
  const masked = reveal ? [] : Object.keys(row.inputs).filter((name) => hidden.has(name));
  const inputs = { ...row.inputs };
  for (const name of masked) inputs[name] = MASKED_VALUE;
  const usage = row.usage
    ? {
        promptTokens: Number(row.usage.promptTokens ?? 0),
        completionTokens: Number(row.usage.completionTokens ?? 0),
        totalTokens: Number(row.usage.totalTokens ?? 0),
        totalCost: Number(row.usage.totalCost ?? 0),
      }
    : null;
  return {
    runId: row.run_id,
    createdAt: iso(row.created_at),
    email: row.email,
    who: whoOf(row.user_key),
    source: row.source,
    kind: row.tool_id ? 'tool' : 'assistant',
    toolId: row.tool_id,
    toolTitle: row.tool_id ? (tools.get(row.tool_id)?.title ?? null) : null,
    conversationId: row.conversation_id,
    status: row.status,
    errorCode: row.error_code,
    inputs,
    masked,
    output: row.output,
    model: row.model,
    usage,
    credits: Number(row.credits),
    rating: row.rating,
    ratingReason: row.rating_reason,
  };
}
