import { sql, type SQL } from 'drizzle-orm';
import { AppError, LOGS_PAGE_SIZE, type logsQuery, type LogsPage } from '@buildai/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadOwnedApp, loadTools, requireBuilder, type AppRow, type ToolRow } from '../apps';
import { personalFieldsOf, toLogEntry, type LogRow } from './log-entry';
import { recordReveal } from './reveals';

export type LogFilters = z.output<typeof logsQuery>;

const DAY_MS = 86_400_000;

/** `%`, `_` and `\` of a search are themselves, not patterns. */
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface Cursor {
  at: string;
  runId: string;
}
function readCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  const [at, runId] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (!at || !runId || Number.isNaN(Date.parse(at))) throw new AppError('request/invalid');
  return { at, runId };
}
const writeCursor = (c: Cursor) => Buffer.from(`${c.at}|${c.runId}`, 'utf8').toString('base64url');

interface ConditionsOptions {
  appId: string;
  f: LogFilters;
  reveal: boolean;
  cursor: Cursor | null;
}

/** The `where` of the logs: the app's kept runs and the filters. */
function conditions({ appId, f, reveal, cursor }: ConditionsOptions): SQL {
  const parts: SQL[] = [sql`r.app_id = ${appId}`, sql`r.erased_at is null`];
  if (f.from) parts.push(sql`r.created_at >= ${`${f.from}T00:00:00Z`}::timestamptz`);
  if (f.to)
    parts.push(
      sql`r.created_at < ${new Date(Date.parse(`${f.to}T00:00:00Z`) + DAY_MS).toISOString()}::timestamptz`,
    );
  if (f.source) parts.push(sql`r.source = ${f.source}`);
  if (f.tool === 'assistant') parts.push(sql`r.tool_id is null`);
  else if (f.tool) parts.push(sql`r.tool_id = ${f.tool}`);
  if (f.rating === 'none') parts.push(sql`r.rating is null`);
  else if (f.rating) parts.push(sql`r.rating = ${f.rating}`);
  if (f.hasError === 'true') parts.push(sql`(r.status = 'failed' or r.error_code is not null)`);
  if (f.hasError === 'false') parts.push(sql`(r.status <> 'failed' and r.error_code is null)`);
  if (f.q) {
    const like = likeOf(f.q);
    // personal values are searched only once the builder revealed them: a search must not find what is masked
    parts.push(
      reveal
        ? sql`(r.output ilike ${like} or r.inputs::text ilike ${like} or u.email ilike ${like})`
        : sql`(r.output ilike ${like} or (r.inputs ->> 'message') ilike ${like} or u.email ilike ${like})`,
    );
  }
  if (cursor) parts.push(sql`(r.created_at, r.run_id) < (${cursor.at}::timestamptz, ${cursor.runId})`);
  return sql.join(parts, sql` and `);
}

interface PageRow extends LogRow {
  cursor_at: string;
}

export interface ReadLogRowsOptions {
  db: Db;
  appId: string;
  filters: LogFilters;
  options: { reveal: boolean; limit: number; cursor: string | undefined; runId?: string };
}

/** One page of runs, newest first, with the user's email and the turn's conversation. */
export async function readLogRows({
  db,
  appId,
  filters,
  options,
}: ReadLogRowsOptions): Promise<{ rows: LogRow[]; nextCursor: string | null }> {
  const where = conditions({ appId, f: filters, reveal: options.reveal, cursor: readCursor(options.cursor) });
  const one = options.runId ? sql` and r.run_id = ${options.runId}` : sql``;
  const result = await db.execute(sql`
    select r.run_id, r.created_at, u.email, r.user_key, r.source, r.tool_id, r.status, r.error_code, r.inputs,
      r.output, r.model, r.usage, r.credits, r.rating, r.rating_reason,
      to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
      (select c.conversation_id from assistant_messages m
        join assistant_conversations c on c.id = m.conversation_row_id
        where m.run_id = r.run_id limit 1) as conversation_id
    from runs r
    left join users u on r.user_key like 'acct:%' and u.id = substr(r.user_key, 6)
    where ${where}${one}
    order by r.created_at desc, r.run_id desc
    limit ${options.limit + 1}
  `);
  const rows = (result as unknown as { rows: PageRow[] }).rows;
  const more = rows.length > options.limit;
  const page = more ? rows.slice(0, options.limit) : rows;
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: more && last ? writeCursor({ at: last.cursor_at, runId: last.run_id }) : null,
  };
}

export interface LogsContext {
  app: AppRow;
  tools: Map<string, ToolRow>;
  personal: Map<string, Set<string>>;
}

/** The app the caller edits (another builder's: 404), with its tools and their personal fields. */
export async function logsContext(platform: Platform, caller: Caller, appId: string): Promise<LogsContext> {
  const account = await requireBuilder(platform, caller);
  const app = await loadOwnedApp(platform.db, account.accountId, appId);
  const appTools = await loadTools(platform.db, appId);
  return { app, tools: new Map(appTools.map((t) => [t.toolId, t])), personal: personalFieldsOf(appTools) };
}

export interface ListLogsOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  filters: LogFilters;
}

/** `GET /api/apps/{appId}/logs`: the app's runs and assistant turns, filtered, newest first. */
export async function listLogs({ platform, caller, appId, filters }: ListLogsOptions): Promise<LogsPage> {
  const ctx = await logsContext(platform, caller, appId);
  const reveal = filters.reveal === 'true';
  const { rows, nextCursor } = await readLogRows({
    db: platform.db,
    appId,
    filters,
    options: {
      reveal,
      limit: filters.limit ?? LOGS_PAGE_SIZE,
      cursor: filters.cursor,
    },
  });
  if (reveal) await recordReveal({ platform, caller, appId, what: 'list' });
  return {
    items: rows.map((row) => toLogEntry({ row, tools: ctx.tools, personal: ctx.personal, reveal })),
    nextCursor,
    revealed: reveal,
  };
}
