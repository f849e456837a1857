import { sql } from 'drizzle-orm';
import { AppError, builderMessages } from '@buildai/domain';
import type { Database } from '../../db/client';
import type { runs } from '../../db/schema';

export interface RunLimits {
  daily: number | null;
  weekly: number | null;
}

/** Runs the provider failed are not the user's doing: they do not count against any limit (decision 0003). */
export const PROVIDER_FAILED = 'ai/provider-failed';

export type NewRun = Pick<
  typeof runs.$inferInsert,
  'runId' | 'appId' | 'toolId' | 'inputs' | 'status' | 'model' | 'source' | 'apiKeyId'
> & { userKey: string; credits: number; clientKey?: string | null };

interface Request {
  row: NewRun;
  limits: RunLimits;
  resolve(counted: Counted): void;
  reject(err: unknown): void;
}
/** The user's runs before this one, today and this week, and whether this one was stored. */
interface Counted {
  today: number;
  week: number;
  admitted: boolean;
}

/** Runs admitted in one call. */
const MAX_BATCH = 200;

/**
 * A batch is counted and stored by one function call, one round trip: for each run, the user's runs of the app today
 * (UTC calendar day) and in the last 7 days (rolling), plus those of the same user ahead of it in the batch; the runs
 * under both limits are inserted. An anonymous visitor is the same user by cookie or by client address (decision
 * 0006). The function first takes a lock per app and user (and per app and client address), in the locks' order so
 * two instances cannot deadlock, then runs the counting statement. A volatile function takes a new snapshot for each of
 * its statements, so a concurrent batch of the same user that waited for the lock sees this one's runs; the locks
 * are held until the call's own transaction ends. (Before, a transaction of four round trips did the same: begin,
 * lock, count and insert, commit.)
 */
const ADMIT_FUNCTION = 'buildai_admit_runs_v2';

const ADMIT_FUNCTION_SQL = `
create or replace function ${ADMIT_FUNCTION}(requests jsonb)
returns table (ord int, today int, week int, admitted boolean)
language plpgsql volatile as $fn$
#variable_conflict use_column
begin
  perform pg_advisory_xact_lock(k.app_lock, k.user_lock)
  from (
    select distinct hashtext(r.app_id) as app_lock, hashtext(r.lock_key) as user_lock
    from jsonb_to_recordset(requests) as x (app_id text, user_key text, client_key text)
    cross join lateral (values (x.app_id, x.user_key), (x.app_id, x.client_key)) as r (app_id, lock_key)
    where r.lock_key is not null
    order by app_lock, user_lock
  ) k;
  return query
  with request as (
    select * from jsonb_to_recordset(requests) as x (ord int, run_id text, app_id text, tool_id text,
      user_key text, credits int, inputs jsonb, status text, model text, daily int, weekly int, client_key text,
      source text, api_key_id text)
  ), counted as (
    select request.*, before.today, before.week,
      (select count(*) from request ahead
        where ahead.app_id = request.app_id and ahead.ord <= request.ord
          and (ahead.user_key = request.user_key or ahead.client_key = request.client_key))::int as nth
    from request cross join lateral (
      select
        (count(*) filter (
          where runs.created_at >= (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')
        ))::int as today,
        count(*)::int as week
      from runs
      where runs.app_id = request.app_id
        and (runs.user_key = request.user_key or runs.client_key = request.client_key)
        and (runs.error_code is null or runs.error_code <> '${PROVIDER_FAILED}')
        and runs.created_at > now() - interval '7 days'
    ) before
  ), admitted as (
    insert into runs (run_id, app_id, tool_id, user_key, credits, inputs, status, model, client_key, source,
      api_key_id)
    select c.run_id, c.app_id, c.tool_id, c.user_key, c.credits, c.inputs, c.status, c.model, c.client_key,
      coalesce(c.source, 'web'), c.api_key_id
    from counted c
    where (c.daily is null or c.today + c.nth <= c.daily) and (c.weekly is null or c.week + c.nth <= c.weekly)
    returning run_id
  )
  select counted.ord, (counted.today + counted.nth - 1)::int, (counted.week + counted.nth - 1)::int,
    exists (select 1 from admitted where admitted.run_id = counted.run_id)
  from counted order by counted.ord;
end
$fn$`;

/** Creates the admission function once per database and process (another instance may race: both end with it). */
function ensureAdmitFunction(database: Database): Promise<void> {
  return database.once(ADMIT_FUNCTION, async () => {
    try {
      await database.db.execute(sql.raw(ADMIT_FUNCTION_SQL));
    } catch (err) {
      const found = await database.db.execute(sql`select to_regproc(${ADMIT_FUNCTION}) is not null as found`);
      if ((found as unknown as { rows: { found: boolean }[] }).rows[0]?.found !== true) throw err;
    }
  });
}

/** Counts and stores a batch (the embedded database runs one statement at a time; the locks cost it nothing). */
async function admitBatch(database: Database, batch: Request[]): Promise<Counted[]> {
  await ensureAdmitFunction(database);
  const requests = batch.map(({ row, limits }, ord) => ({
    ord,
    run_id: row.runId,
    app_id: row.appId,
    tool_id: row.toolId,
    user_key: row.userKey,
    credits: row.credits,
    inputs: row.inputs,
    status: row.status,
    model: row.model,
    daily: limits.daily,
    weekly: limits.weekly,
    client_key: row.clientKey ?? null,
    source: row.source ?? 'web',
    api_key_id: row.apiKeyId ?? null,
  }));
  const result = await database.db.execute(
    sql`select * from ${sql.raw(ADMIT_FUNCTION)}(${JSON.stringify(requests)}::jsonb)`,
  );
  const rows = (result as { rows: { ord: number; today: number; week: number; admitted: boolean }[] }).rows;
  const byOrd = new Map(rows.map((r) => [Number(r.ord), r]));
  return batch.map((_, ord) => {
    const r = byOrd.get(ord);
    return { today: Number(r?.today ?? 0), week: Number(r?.week ?? 0), admitted: r?.admitted === true };
  });
}

/**
 * The run admissions of one server (built once by `createServices`, decision 0005). Runs that arrive together are
 * admitted together: those read in the same turn of the event loop, or while the
 * previous batch is with the database, go in one statement (on PostgreSQL one transaction). A burst of users then
 * costs one database call rather than one each, and a lone run waits for nothing but its own.
 */
export class RunAdmissions {
  private waiting: Request[] = [];
  private draining = false;

  constructor(private readonly database: Database) {}

  admit(row: NewRun, limits: RunLimits): Promise<Counted> {
    const counted = new Promise<Counted>((resolve, reject) => {
      this.waiting.push({ row, limits, resolve, reject });
    });
    if (!this.draining) {
      this.draining = true;
      // requests read in this same turn of the event loop join the first batch
      setImmediate(() => void this.drain());
    }
    return counted;
  }

  private async drain() {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      try {
        const counted = await admitBatch(this.database, batch);
        batch.forEach((request, i) => request.resolve(counted[i]!));
      } catch (err) {
        for (const request of batch) request.reject(err);
      }
    }
    this.draining = false;
  }
}

/**
 * Stores the run if the user is still under the app's daily and weekly limits, or refuses it with 429; done
 * before the model is asked, atomically, so concurrent runs of one user never pass a limit.
 */
export async function admitRun(admissions: RunAdmissions, row: NewRun, limits: RunLimits): Promise<void> {
  const { admitted, today, week } = await admissions.admit(row, limits);
  if (admitted) return;
  // the weekly refusal first: when both are reached, coming back tomorrow would not help
  if (limits.weekly !== null && week >= limits.weekly) {
    throw new AppError('run/weekly-limit', { message: builderMessages.weeklyLimitReached(limits.weekly) });
  }
  if (limits.daily !== null && today >= limits.daily) {
    throw new AppError('run/daily-limit', { message: builderMessages.dailyLimitReached(limits.daily) });
  }
  throw new AppError('internal', { message: 'The run could not be stored' });
}
