import { asc, desc, eq, sql } from 'drizzle-orm';
import {
  AppError,
  PLATFORM_TENANT_ID,
  functionNameSchema,
  type AppFile,
  type FunctionLogResponse,
} from '@buildai/domain';
import { appFiles, appFunctionCalls, appPublishedFiles, apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import {
  bulkCreateRecords,
  createRecord,
  deleteRecord,
  getRecord,
  listRecords,
  principalOn,
  updateRecord,
  type RecordValidator,
} from '../entities';
import type { SigningKey } from '../identity';
import { buildFunction } from './build-function';
import { loadBuilderApp } from './builder-access';
import { FetchRefused, functionFetch } from './outbound-fetch';
import type { FunctionSandbox, RunOutcome } from './sandbox';
import { openAppSecrets } from './secret-store';

export interface FunctionServices {
  sandbox: FunctionSandbox;
  signingKey: SigningKey;
  validator: RecordValidator;
}

/** Calls of an app kept for its function log: the newest. */
const KEPT_CALLS = 200;

export interface InvokeOptions {
  platform: Platform;
  services: FunctionServices;
  caller: Caller | null;
  appId: string;
  name: string;
  input: unknown;
  /** the builder's preview: the current files (builders only); otherwise the published ones */
  preview: boolean;
}

async function filesToRun(options: InvokeOptions): Promise<AppFile[]> {
  const { platform, caller, appId, preview } = options;
  if (preview) {
    if (!caller) throw new AppError('auth/unauthenticated');
    await loadBuilderApp(platform, caller, appId);
    return platform.db
      .select({ path: appFiles.path, content: appFiles.content })
      .from(appFiles)
      .where(eq(appFiles.appId, appId))
      .orderBy(asc(appFiles.path));
  }
  const [app] = await platform.db
    .select({ appType: apps.appType, isPublished: apps.isPublished })
    .from(apps)
    .where(eq(apps.appId, appId));
  if (!app || app.appType !== 'space' || !app.isPublished) throw new AppError('app/not-found');
  return platform.db
    .select({ path: appPublishedFiles.path, content: appPublishedFiles.content })
    .from(appPublishedFiles)
    .where(eq(appPublishedFiles.appId, appId))
    .orderBy(asc(appPublishedFiles.path));
}

interface EntityCallOptions {
  options: InvokeOptions;
  op: string;
  entity: string;
  argsJson: string;
}

/** An entity call of the function, made with the caller's own access (the data API's rules, in its queries). */
async function entityCall({ options, op, entity, argsJson }: EntityCallOptions): Promise<string> {
  const { platform, services, caller, appId } = options;
  const args = JSON.parse(argsJson) as Record<string, unknown>;
  const base = { platform, caller, appId, entity };
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const obj = (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  try {
    let result: unknown;
    switch (op) {
      case 'list':
        result = await listRecords({
          ...base,
          ...(typeof args.limit === 'number' ? { limit: args.limit } : {}),
          ...(typeof args.cursor === 'string' ? { cursor: args.cursor } : {}),
        });
        break;
      case 'get':
        result = await getRecord({ ...base, id: str(args.id) });
        break;
      case 'create':
        result = await createRecord({
          ...base,
          validator: services.validator,
          body: async () => ({ fields: obj(args.fields) }),
        });
        break;
      case 'update':
        result = await updateRecord({
          ...base,
          validator: services.validator,
          id: str(args.id),
          fields: async () => obj(args.fields) as never,
        });
        break;
      case 'delete':
        await deleteRecord({ ...base, id: str(args.id) });
        return '';
      case 'bulkCreate':
        result = await bulkCreateRecords({
          ...base,
          validator: services.validator,
          records: async () => (Array.isArray(args.records) ? args.records.map(obj) : []) as never,
        });
        break;
      default:
        throw new Error(`entities.${entity}.${op} is not an operation`);
    }
    return JSON.stringify(result ?? null);
  } catch (err) {
    // the guest sees the data API's own words (as a page's SDK call does), never a stack of the server
    if (err instanceof AppError) throw new Error(`${err.code}: ${err.message}`);
    throw err instanceof Error ? new Error(err.message) : new Error(String(err));
  }
}

async function record(platform: Platform, entry: typeof appFunctionCalls.$inferInsert): Promise<void> {
  try {
    await platform.db.insert(appFunctionCalls).values(entry);
    // keep the newest KEPT_CALLS of the app
    await platform.db.execute(sql`
      delete from ${appFunctionCalls} where ${appFunctionCalls.appId} = ${entry.appId} and ${appFunctionCalls.createdAt} < (
        select ${appFunctionCalls.createdAt} from ${appFunctionCalls} where ${appFunctionCalls.appId} = ${entry.appId}
        order by ${appFunctionCalls.createdAt} desc offset ${KEPT_CALLS - 1} limit 1)`);
  } catch (err) {
    platform.logger.warn({ err, appId: entry.appId }, 'a function call could not be recorded');
  }
}

/**
 * POST /api/apps/{appId}/functions/{name}: runs `functions/{name}.ts` of the app (the published files, or the
 * builder's current ones in the preview) with the caller's input, the app's secrets, the guarded fetch and the
 * caller's entity access. Answers the handler's result; a failure answers its error code with the catalogue's
 * message (the builder's preview also gets the function's own message), and the details go to the function log.
 */
export async function invokeFunction(options: InvokeOptions): Promise<unknown> {
  const { platform, services, caller, appId, name, preview } = options;
  if (!functionNameSchema.safeParse(name).success) throw new AppError('function/not-found');
  const files = await filesToRun(options);
  const file =
    files.find((f) => f.path === `functions/${name}.ts`) ??
    files.find((f) => f.path === `functions/${name}.js`);
  if (!file) throw new AppError('function/not-found');
  // visitors of an app with paid memberships call its functions as members only, as they read its records
  const who = await principalOn({ platform, caller, appId, gate: !preview });
  const source = preview ? 'preview' : 'published';
  const built = await buildFunction(files, file.path);
  if (!built.ok) {
    await record(platform, {
      appId,
      name,
      source,
      callerKind: who.kind,
      ok: false,
      errorCode: 'function/build-failed',
      error: built.error.slice(0, 4000),
      durationMs: 0,
      cpuMs: 0,
    });
    throw new AppError(
      'function/build-failed',
      preview ? { message: `This function could not be built: ${built.error.slice(0, 1000)}` } : {},
    );
  }
  const secrets = await openAppSecrets({
    db: platform.db,
    signingKey: services.signingKey,
    logger: platform.logger,
    appId,
  });
  const outcome: RunOutcome = await services.sandbox.run({
    codeKey: built.key,
    code: built.code,
    input: options.input,
    secrets,
    user: who.kind === 'anonymous' ? null : { id: who.userId, role: who.kind },
    appId,
    host: {
      fetch: async (url, init) => {
        try {
          return JSON.stringify(await functionFetch({ platform, appId }, url, init));
        } catch (err) {
          throw new Error(err instanceof FetchRefused ? err.message : 'fetch failed');
        }
      },
      entity: (op, entity, args) => entityCall({ options, op, entity, argsJson: args }),
    },
  });
  await record(platform, {
    appId,
    name,
    source,
    callerKind: who.kind,
    ok: outcome.ok,
    errorCode: outcome.ok ? null : outcome.code,
    error: outcome.ok ? null : outcome.detail,
    durationMs: outcome.durationMs,
    cpuMs: outcome.cpuMs,
    logs: outcome.logs,
  });
  if (outcome.ok) return outcome.result;
  if (outcome.code === 'function/failed' && preview) {
    const first = outcome.detail.split('\n')[0]!.slice(0, 500);
    throw new AppError('function/failed', { message: `The function failed: ${first}` });
  }
  throw new AppError(outcome.code);
}

/** GET /api/apps/{appId}/functions/logs: the app's newest calls (its builders only). */
export async function functionLog(
  platform: Platform,
  caller: Caller,
  appId: string,
): Promise<FunctionLogResponse> {
  if (caller.tenantId !== PLATFORM_TENANT_ID) throw new AppError('app/not-found');
  await loadBuilderApp(platform, caller, appId);
  const rows = await platform.db
    .select()
    .from(appFunctionCalls)
    .where(eq(appFunctionCalls.appId, appId))
    .orderBy(desc(appFunctionCalls.createdAt))
    .limit(50);
  return {
    calls: rows.map((r) => ({
      id: r.id,
      name: r.name,
      source: r.source as 'preview' | 'published',
      callerKind: r.callerKind,
      ok: r.ok,
      errorCode: r.errorCode,
      error: r.error,
      durationMs: r.durationMs,
      cpuMs: r.cpuMs,
      logs: r.logs,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
