import { eq, sql } from 'drizzle-orm';
import { preparedPerDb } from '../../db/prepared';
import { runs } from '../../db/schema';
import type { Platform } from '../../platform';
import { forgetIfNotKept } from '../logs';
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
  finish(values: Partial<typeof runs.$inferInsert>): Promise<void>;
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
      await platform.db
        .update(runs)
        .set({ ...values, finishedAt: new Date() })
        .where(eq(runs.runId, row.runId));
      // an app that keeps no conversations erases the run's inputs and answer at once (decision 0018)
      await forgetIfNotKept(platform, row.appId, row.runId);
    },
  };
}
