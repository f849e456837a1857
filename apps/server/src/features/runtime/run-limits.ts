import { sql } from 'drizzle-orm';
import { AppError, builderMessages } from '@buildai/domain';
import type { Database } from '../../db/client';
import { runs } from '../../db/schema';

export interface RunLimits {
  daily: number | null;
  weekly: number | null;
}

/** Runs the provider failed are not the user's doing: they do not count against any limit (decision 0003). */
export const PROVIDER_FAILED = 'ai/provider-failed';

export type NewRun = Pick<
  typeof runs.$inferInsert,
  'runId' | 'appId' | 'toolId' | 'inputs' | 'status' | 'model'
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

/** Rows of one statement: 12 parameters each, far below PostgreSQL's 65,535. */
const MAX_BATCH = 200;

/**
 * One statement for a batch of runs: for each, the user's runs of the app today (UTC calendar day) and in the last
 * 7 days (rolling), plus those of the same user ahead of it in the batch; the runs under both limits are inserted.
 * An anonymous visitor is the same user by cookie or by client address (decision 0006).
 */
function countAndInsert(batch: Request[]) {
  const requests = sql.join(
    batch.map(
      ({ row, limits }, ord) =>
        sql`(${ord}::int, ${row.runId}::text, ${row.appId}::text, ${row.toolId}::text, ${row.userKey}::text,
          ${row.credits}::int, ${JSON.stringify(row.inputs)}::jsonb, ${row.status}::text, ${row.model}::text,
          ${limits.daily}::int, ${limits.weekly}::int, ${row.clientKey ?? null}::text)`,
    ),
    sql`, `,
  );
  return sql`
    with request (ord, run_id, app_id, tool_id, user_key, credits, inputs, status, model, daily, weekly, client_key)
    as (
      values ${requests}
    ), counted as (
      select request.*, before.today, before.week,
        (select count(*) from request ahead
          where ahead.app_id = request.app_id and ahead.ord <= request.ord
            and (ahead.user_key = request.user_key or ahead.client_key = request.client_key))::int as nth
      from request cross join lateral (
        select
          (count(*) filter (
            where ${runs.createdAt} >= (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')
          ))::int as today,
          count(*)::int as week
        from ${runs}
        where ${runs.appId} = request.app_id
          and (${runs.userKey} = request.user_key or ${runs.clientKey} = request.client_key)
          and (${runs.errorCode} is null or ${runs.errorCode} <> ${PROVIDER_FAILED})
          and ${runs.createdAt} > now() - interval '7 days'
      ) before
    ), admitted as (
      insert into ${runs} (run_id, app_id, tool_id, user_key, credits, inputs, status, model, client_key)
      select run_id, app_id, tool_id, user_key, credits, inputs, status, model, client_key
      from counted
      where (daily is null or today + nth <= daily) and (weekly is null or week + nth <= weekly)
      returning run_id
    )
    select counted.ord, counted.today + counted.nth - 1 as today, counted.week + counted.nth - 1 as week,
      exists (select 1 from admitted where admitted.run_id = counted.run_id) as admitted
    from counted order by counted.ord`;
}

/**
 * Counts and stores a batch. On PostgreSQL, in a transaction that first takes a lock per app and user (in the
 * locks' order, so two instances cannot deadlock): a concurrent batch with the same user waits, then its statement sees
 * this one's runs (each statement sees what was committed when it began). The embedded database runs one
 * statement at a time, which is already as good as the lock.
 */
async function admitBatch(database: Database, batch: Request[]): Promise<Counted[]> {
  const statement = countAndInsert(batch);
  let result: unknown;
  if (database.kind === 'postgres') {
    // one lock per app and user, and per app and client address of an anonymous visitor
    const keys = sql.join(
      batch.flatMap(({ row }) => [
        sql`(${row.appId}::text, ${row.userKey}::text)`,
        ...(row.clientKey ? [sql`(${row.appId}::text, ${row.clientKey}::text)`] : []),
      ]),
      sql`, `,
    );
    result = await database.db.transaction(async (tx) => {
      await tx.execute(sql`
        select pg_advisory_xact_lock(k.app_lock, k.user_lock)
        from (
          select distinct hashtext(app_id) as app_lock, hashtext(user_key) as user_lock
          from (values ${keys}) as v (app_id, user_key)
          order by app_lock, user_lock
        ) k`);
      return tx.execute(statement);
    });
  } else {
    result = await database.db.execute(statement);
  }
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
