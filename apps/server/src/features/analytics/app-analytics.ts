import { sql } from 'drizzle-orm';
import { AppError, runSources, type AnalyticsDay, type AppAnalytics, type RunSource } from '@buildai/domain';
import type { Db } from '../../db/client';
import { runs } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadOwnedApp, loadTools, requireBuilder } from '../apps';
import { PROVIDER_FAILED } from '../runtime';

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a UTC day. */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Figures {
  runs: number;
  users: number;
  tokens: number;
  credits: number;
}
interface Row extends Figures {
  all_tools: number;
  all_days: number;
  tool_id: string | null;
  day: string | null;
}

interface AggregateOptions {
  db: Db;
  appId: string;
  fromMs: number;
  toMs: number;
}

/**
 * Runs, distinct users, tokens and credits per UTC day and per tool, in one aggregation over the range (grouping
 * sets give the per-tool days, the app's days, the per-tool totals and the grand total: distinct users cannot be
 * added up from smaller groups). Runs the provider failed do not count, as for the run limits.
 */
async function aggregate({ db, appId, fromMs, toMs }: AggregateOptions): Promise<Row[]> {
  const result = await db.execute(sql`
    select grouping(r.tool_id) as all_tools, grouping(r.day) as all_days, r.tool_id, r.day,
      count(*)::int as runs,
      count(distinct nullif(r.user_key, ''))::int as users,
      coalesce(sum((r.usage ->> 'totalTokens')::float8), 0)::float8 as tokens,
      coalesce(sum(r.credits), 0)::int as credits
    from (
      select ${runs.toolId} as tool_id, to_char(${runs.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day,
        ${runs.userKey} as user_key, ${runs.usage} as usage, ${runs.credits} as credits
      from ${runs}
      where ${runs.appId} = ${appId}
        and ${runs.createdAt} >= ${new Date(fromMs).toISOString()}::timestamptz
        and ${runs.createdAt} < ${new Date(toMs).toISOString()}::timestamptz
        and (${runs.errorCode} is null or ${runs.errorCode} <> ${PROVIDER_FAILED})
    ) r
    group by grouping sets ((r.tool_id, r.day), (r.day), (r.tool_id), ())
  `);
  return (result as unknown as { rows: Row[] }).rows;
}

interface BySourceOptions {
  db: Db;
  appId: string;
  fromMs: number;
  toMs: number;
}

/** The range's figures by source (the app's page, the widget, the API, MCP); the same runs as `aggregate`. */
async function bySource({ db, appId, fromMs, toMs }: BySourceOptions): Promise<SourceRow[]> {
  const result = await db.execute(sql`
    select ${runs.source} as source, count(*)::int as runs,
      count(distinct nullif(${runs.userKey}, ''))::int as users,
      coalesce(sum((${runs.usage} ->> 'totalTokens')::float8), 0)::float8 as tokens,
      coalesce(sum(${runs.credits}), 0)::int as credits
    from ${runs}
    where ${runs.appId} = ${appId}
      and ${runs.createdAt} >= ${new Date(fromMs).toISOString()}::timestamptz
      and ${runs.createdAt} < ${new Date(toMs).toISOString()}::timestamptz
      and (${runs.errorCode} is null or ${runs.errorCode} <> ${PROVIDER_FAILED})
    group by ${runs.source}
  `);
  return (result as unknown as { rows: SourceRow[] }).rows;
}
interface RatingsOptions {
  db: Db;
  appId: string;
  fromMs: number;
  toMs: number;
}

/** The range's thumbs up and down (decision 0018), on the same runs. */
async function ratings({ db, appId, fromMs, toMs }: RatingsOptions): Promise<{ up: number; down: number }> {
  const result = await db.execute(sql`
    select count(*) filter (where ${runs.rating} = 'up')::int as up,
      count(*) filter (where ${runs.rating} = 'down')::int as down
    from ${runs}
    where ${runs.appId} = ${appId} and ${runs.rating} is not null
      and ${runs.createdAt} >= ${new Date(fromMs).toISOString()}::timestamptz
      and ${runs.createdAt} < ${new Date(toMs).toISOString()}::timestamptz
  `);
  const [row] = (result as unknown as { rows: Array<{ up: number; down: number }> }).rows;
  return { up: Number(row?.up ?? 0), down: Number(row?.down ?? 0) };
}

interface SourceRow extends Figures {
  source: RunSource;
}

const figures = (row: Figures | undefined): Figures => ({
  runs: Number(row?.runs ?? 0),
  users: Number(row?.users ?? 0),
  tokens: Number(row?.tokens ?? 0),
  credits: Number(row?.credits ?? 0),
});

/** Every day of the range, oldest first, zeros where nothing ran. */
function series(dates: string[], rows: Row[]): AnalyticsDay[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return dates.map((date) => ({ date, ...figures(byDay.get(date)) }));
}

export interface GetAppAnalyticsOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  days: number;
}

/** `GET /api/apps/{appId}/analytics?days=`: the owner's view of a published app's use over the last days. */
export async function getAppAnalytics({
  platform,
  caller,
  appId,
  days,
}: GetAppAnalyticsOptions): Promise<AppAnalytics> {
  const account = await requireBuilder(platform, caller);
  const app = await loadOwnedApp(platform.db, account.accountId, appId);
  if (!app.isPublished) throw new AppError('analytics/not-published');

  const now = Date.now();
  const todayMs = now - (now % DAY_MS);
  const fromMs = todayMs - (days - 1) * DAY_MS;
  const dates = Array.from({ length: days }, (_, i) => isoDay(fromMs + i * DAY_MS));
  const [rows, appTools, sourceRows, rated] = await Promise.all([
    aggregate({ db: platform.db, appId, fromMs, toMs: todayMs + DAY_MS }),
    loadTools(platform.db, appId),
    bySource({ db: platform.db, appId, fromMs, toMs: todayMs + DAY_MS }),
    ratings({ db: platform.db, appId, fromMs, toMs: todayMs + DAY_MS }),
  ]);
  // grouping() is 1 where a row adds up over that column
  const rowsOf = (allTools: number, allDays: number, toolId?: string) =>
    rows.filter(
      (row) =>
        Number(row.all_tools) === allTools &&
        Number(row.all_days) === allDays &&
        (toolId === undefined || row.tool_id === toolId),
    );

  return {
    appId: app.appId,
    header: app.header,
    isPublished: app.isPublished,
    from: dates[0]!,
    to: dates.at(-1)!,
    totals: figures(rowsOf(1, 1)[0]),
    days: series(dates, rowsOf(1, 0)),
    tools: appTools.map((tool) => ({
      toolId: tool.toolId,
      title: tool.title,
      path: tool.path,
      ...figures(rowsOf(0, 1, tool.toolId)[0]),
      days: series(dates, rowsOf(0, 0, tool.toolId)),
    })),
    sources: runSources.map((source) => ({
      source,
      ...figures(sourceRows.find((row) => row.source === source)),
    })),
    ratings: rated,
  };
}
