import type { Config } from '../config';
import { openDatabase, type Database, type Db } from '../db/client';
import { createAiProvider, type AiProvider } from './ai/provider';
import { createModelList, type ModelList } from './ai/model-list';
import { createBlobs } from './blobs';
import { createClock, type Clock } from './clock';
import type { Blobs } from './blobs/types';
import { createEvents } from './events';
import type { Events } from './events/types';
import { createJobs } from './jobs';
import type { Jobs } from './jobs/types';
import { createLimits } from './limits';
import type { Limits } from './limits/types';
import type { Logger } from './logger';
import { createMail } from './mail';
import type { Mail } from './mail/types';

/** Everything the features use from the outside world, chosen by configuration (architecture §2). */
export interface Platform {
  config: Config;
  logger: Logger;
  database: Database;
  db: Db;
  jobs: Jobs;
  events: Events;
  blobs: Blobs;
  mail: Mail;
  limits: Limits;
  ai: AiProvider;
  models: ModelList;
  /** the time scheduled work reads (movable outside production) */
  clock: Clock;
  close(): Promise<void>;
}

export interface PlatformOverrides {
  /** An already opened (and migrated) database, e.g. a fresh one per test. */
  database?: Database;
  /** Skip the background refresh of the model list (tests). */
  refreshModels?: boolean;
  /** Prefix of the Redis keys of rate limits, so servers sharing a Redis count apart (tests). */
  limitsPrefix?: string;
  /** Prefix of the Redis keys of the job queues, so deployments sharing a Redis run their own jobs (tests). */
  jobsPrefix?: string;
}

export async function createPlatform(
  config: Config,
  logger: Logger,
  overrides: PlatformOverrides = {},
): Promise<Platform> {
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: `${config.DATA_DIR.replace(/\/$/, '')}/pglite`,
    }));
  if (!overrides.database) await database.migrate();
  if (!database.vectors) {
    logger.warn(
      'pgvector is not installed in this PostgreSQL: the server runs, and data sources are searched by full text only. ' +
        'To search by vectors too, install it with scripts/install-pgvector.sh (as root on the database machine) and restart.',
    );
  }
  const jobs = createJobs(config, logger, { prefix: overrides.jobsPrefix });
  const events = createEvents(config, logger);
  const blobs = createBlobs(config, logger);
  const mail = createMail(config, logger, database.db);
  const limits = createLimits(config, logger, { prefix: overrides.limitsPrefix });
  const ai = createAiProvider(config);
  const models = createModelList({ url: config.AI_MODELS_URL, logger });
  if (overrides.refreshModels !== false) models.start();
  await jobs.start();
  return {
    config,
    logger,
    database,
    db: database.db,
    jobs,
    events,
    blobs,
    mail,
    limits,
    ai,
    models,
    clock: createClock(),
    async close() {
      models.stop();
      await jobs.close();
      await events.close();
      await limits.close();
      await blobs.close();
      await database.close();
    },
  };
}

/** What `GET /api/health` answers. */
export function healthBody(p: Platform) {
  return { status: 'ok' as const, adapters: describePlatform(p) };
}

/** Names of the adapters in use, for the health check and the start-up log. */
export function describePlatform(p: Platform) {
  return {
    db: p.database.kind,
    jobs: p.jobs.kind,
    events: p.events.kind,
    blobs: p.blobs.kind,
    mail: p.mail.kind,
    limits: p.limits.kind,
    ai: p.ai.kind,
    models: p.models.source(),
  };
}
