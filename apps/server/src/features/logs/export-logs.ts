import Papa from 'papaparse';
import type { LogEntry } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { logsContext, readLogRows, type LogFilters } from './list-logs';
import { toLogEntry } from './log-entry';
import { recordReveal } from './reveals';

const EXPORT_PAGE = 500;
const COLUMNS = [
  'runId',
  'createdAt',
  'email',
  'who',
  'source',
  'kind',
  'tool',
  'conversationId',
  'status',
  'errorCode',
  'inputs',
  'output',
  'model',
  'promptTokens',
  'completionTokens',
  'totalTokens',
  'cost',
  'credits',
  'rating',
  'ratingReason',
];

/** A cell a spreadsheet would run as a formula starts with a quote (OWASP "CSV injection"). */
const cell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

function line(e: LogEntry): string[] {
  return [
    e.runId,
    e.createdAt,
    e.email ?? '',
    e.who,
    e.source,
    e.kind,
    e.toolTitle ?? (e.kind === 'assistant' ? 'Assistant' : ''),
    e.conversationId ?? '',
    e.status,
    e.errorCode ?? '',
    JSON.stringify(e.inputs),
    e.output,
    e.model,
    e.usage?.promptTokens ?? '',
    e.usage?.completionTokens ?? '',
    e.usage?.totalTokens ?? '',
    e.usage?.totalCost ?? '',
    e.credits,
    e.rating ?? '',
    e.ratingReason ?? '',
  ].map(cell);
}

export interface ExportLogsOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  filters: LogFilters;
}

/**
 * `GET /api/apps/{appId}/logs.csv`: every run the filters match, newest first, as CSV, read page by page as the
 * connection takes it. Personal fields are masked unless `reveal=true` (recorded).
 */
export async function exportLogs({
  platform,
  caller,
  appId,
  filters,
}: ExportLogsOptions): Promise<ReadableStream<Uint8Array>> {
  const ctx = await logsContext(platform, caller, appId);
  const reveal = filters.reveal === 'true';
  if (reveal) await recordReveal({ platform, caller, appId, what: 'export' });
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${Papa.unparse([COLUMNS])}\r\n`));
        return;
      }
      const page = await readLogRows({
        db: platform.db,
        appId,
        filters,
        options: { reveal, limit: EXPORT_PAGE, cursor },
      });
      if (page.rows.length > 0) {
        const lines = page.rows.map((row) =>
          line(toLogEntry({ row, tools: ctx.tools, personal: ctx.personal, reveal })),
        );
        controller.enqueue(encoder.encode(`${Papa.unparse(lines)}\r\n`));
      }
      if (!page.nextCursor) controller.close();
      else cursor = page.nextCursor;
    },
  });
}
