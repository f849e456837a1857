import { and, eq } from 'drizzle-orm';
import { AppError, type RunResult } from '@buildai/domain';
import type { Db } from '../../db/client';
import { apps, runs, tools } from '../../db/schema';
import { rememberedFields } from '../memories';

/**
 * A run of a published app, for anyone holding its id. The values of personal and memorize fields stay out:
 * the result can be shared, they belong to the user.
 */
export interface GetRunResultOptions {
  db: Db;
  appId: string;
  runId: string;
  /** the end user asking (`userKey`), if known: the run's own user sees their rating and may rate it */
  userKey: string | null;
}

export async function getRunResult({ db, appId, runId, userKey }: GetRunResultOptions): Promise<RunResult> {
  const [found] = await db
    .select({
      runId: runs.runId,
      toolId: runs.toolId,
      toolPath: tools.path,
      status: runs.status,
      output: runs.output,
      createdAt: runs.createdAt,
      inputs: runs.inputs,
      citations: runs.citations,
      definition: tools.definition,
      userKey: runs.userKey,
      rating: runs.rating,
    })
    .from(runs)
    .innerJoin(tools, eq(tools.toolId, runs.toolId))
    .innerJoin(apps, eq(apps.appId, runs.appId))
    .where(and(eq(runs.runId, runId), eq(runs.appId, appId), eq(apps.isPublished, true)));
  // a turn of the chat assistant has no tool: it is not a tool's result
  if (!found?.toolId) throw new AppError('run/not-found');
  const yours = userKey !== null && found.userKey === userKey;
  const hidden = new Set(rememberedFields(found.definition.fields ?? []));
  return {
    runId: found.runId,
    toolId: found.toolId,
    toolPath: found.toolPath,
    status: found.status,
    output: found.output,
    createdAt: found.createdAt.toISOString(),
    inputs: Object.fromEntries(Object.entries(found.inputs).filter(([name]) => !hidden.has(name))),
    citations: found.citations,
    yours,
    rating: yours ? (found.rating ?? null) : null,
  };
}
