import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { runs } from '../../db/schema';
import type { Platform } from '../../platform';
import { forgetRun, keepsNoConversations } from '../logs';
import { admitRun, type NewRun, type RunAdmissions, type RunLimits } from './run-limits';

export interface StoreRunOptions {
  platform: Platform;
  admissions: RunAdmissions;
  row: NewRun;
  limits: RunLimits;
}

/** The run's row: stored (once), then finished with its outcome. */
export interface StoredRun {
  /** Stores the row unless it already is; answers whether it is stored. Never throws. */
  store(): Promise<boolean>;
  /** Sets the outcome once the row is stored; a row that could not be stored is left alone. */
  finish(values: RunFinish): Promise<void>;
}

/** The run's fields, in the statement below. */
const NEW_RUN_FIELDS = [
  'runId',
  'appId',
  'toolId',
  'userKey',
  'clientKey',
  'credits',
  'inputs',
  'status',
  'model',
  'source',
  'apiKeyId',
] as const satisfies readonly (keyof NewRun)[];

/**
 * The run's insert, kept prepared: building it (eleven values, the inputs' JSON among them) cost more CPU than any
 * other statement of a run (decision 0005-house-order "Speed", session 23). Each value is a placeholder that the
 * column's encoder maps at `execute`, as for an unprepared insert.
 */
const insertRun = preparedPerDb((db) =>
  db
    .insert(runs)
    .values(
      Object.fromEntries(
        NEW_RUN_FIELDS.map((field) => [field, sql.placeholder(field)]),
      ) as unknown as typeof runs.$inferInsert,
    )
    .prepare('insert_run'),
);

type RunFinish = Partial<typeof runs.$inferInsert>;

/** The finish statements, one per set of columns an outcome sets (a handful), each named for its set. */
const finishStatements = new Map<string, ReturnType<typeof buildFinish>>();

/**
 * The run's finish: its outcome's columns and `finishedAt`, and (in its `returning`, the same round trip) whether the
 * app keeps conversations. Kept prepared per set of columns, as building it was the largest drizzle cost of a run
 * after the insert (decision 0005-house-order "Speed", session 24); each value is a placeholder the column's encoder
 * maps at `execute`.
 */
function buildFinish(fields: readonly string[], name: string) {
  return preparedPerDb((db) =>
    db
      .update(runs)
      .set(
        Object.fromEntries(
          [...fields, 'finishedAt'].map((field) => [field, sql.placeholder(field)]),
        ) as unknown as RunFinish,
      )
      .where(eq(runs.runId, sql.placeholder('runId')))
      .returning({ forget: keepsNoConversations(sql.placeholder('appId')) })
      .prepare(name),
  );
}

function finishStatement(db: Db, values: RunFinish) {
  const fields = Object.keys(values)
    .filter((field) => values[field as keyof RunFinish] !== undefined)
    .sort();
  const key = fields.join(',');
  let statement = finishStatements.get(key);
  if (!statement)
    finishStatements.set(key, (statement = buildFinish(fields, `finish_run_${finishStatements.size}`)));
  return statement(db);
}

/**
 * With run limits the run is counted and stored before the model is asked (one statement; refused with 429
 * past a limit). Without them it is stored once the model has the request, so its database write never delays
 * that request. Every later update waits for the insert.
 */
export async function storeRun({ platform, admissions, row, limits }: StoreRunOptions): Promise<StoredRun> {
  let stored: Promise<boolean> | undefined;
  if (limits.daily !== null || limits.weekly !== null) {
    await admitRun(admissions, row, limits);
    stored = Promise.resolve(true);
  }
  const store = () =>
    (stored ??= insertRun(platform.db)
      // a field left out takes its column's default, as in an unprepared insert
      .execute({
        ...row,
        toolId: row.toolId ?? null,
        clientKey: row.clientKey ?? null,
        apiKeyId: row.apiKeyId ?? null,
        source: row.source ?? 'web',
      })
      .then(
        () => true,
        (err: unknown) => {
          platform.logger.error({ runId: row.runId, err }, 'could not store the run');
          return false;
        },
      ));
  return {
    store,
    async finish(values) {
      if (!(await store())) return;
      const [finished] = await finishStatement(platform.db, values).execute({
        ...values,
        finishedAt: new Date(),
        runId: row.runId,
        appId: row.appId,
      });
      // an app that keeps no conversations erases the run's inputs and answer at once (decision 0018)
      if (finished?.forget) await forgetRun(platform, row.appId, row.runId);
    },
  };
}
