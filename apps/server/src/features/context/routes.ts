import { Hono } from 'hono';
import {
  AppError,
  ingestMetadataRequest,
  ingestTextRequest,
  maxFileBytes,
  renameContextRequest,
} from '@buildai/domain';
import { parseBody, requireCaller, type AppEnv, type Ctx } from '../../http/context';
import { loadOwnedApp, requireBuilder } from '../apps/load-app';
import { itemEventStream } from './events';
import { checkUpload, fileTooBig, limitBody, readUploadedFile } from './ingest-file';
import { addItems, addStoredItem, loadItemOfApp, pastedTextName, type Builder } from './ingest';
import { deleteItem, listItems, loadOwnedItem, queueIngestJob, toContextItem, updateItem } from './items';
import { assertRoomForItems, effectivePlan, hasReachedDataLimit } from './limits';
import { parseLimitsOf } from './options';

async function builderOf(c: Ctx): Promise<Builder> {
  const platform = c.get('platform');
  const caller = requireCaller(c);
  const account = await requireBuilder(platform, caller);
  return { platform, account, plan: effectivePlan(platform, account, caller.email) };
}

async function appOf(c: Ctx, b: Builder) {
  const appId = c.req.query('appId');
  if (!appId) throw new AppError('request/invalid', { message: 'appId is required', field: 'appId' });
  return loadOwnedApp(b.platform.db, b.account.accountId, appId);
}

/** The pasted text of a request: blank or missing text is 'Please enter some text'. */
async function textBody(c: Ctx) {
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    throw new AppError('request/invalid', { message: 'The request body is not valid JSON' });
  }
  const parsed = ingestTextRequest.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  if (issue.path[0] === 'context') throw new AppError('context/no-text', { field: 'context' });
  const field = issue.path.join('.');
  throw new AppError('request/invalid', { message: `${field}: ${issue.message}`, field });
}

/** /api/context (spec 000 §7): the data source items of an app. */
export function contextRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/items', async (c) => {
    const b = await builderOf(c);
    const app = await appOf(c, b);
    const status = c.req.query('status');
    if (status !== undefined && status !== 'unsynced') {
      throw new AppError('request/invalid', {
        message: 'status: only unsynced can be asked for',
        field: 'status',
      });
    }
    const rows = await listItems(b.platform.db, app.appId, status === 'unsynced');
    return c.json({
      contextItems: rows.map(toContextItem),
      hasReachedDataLimit: await hasReachedDataLimit(b.platform.db, b.account.accountId, b.plan),
    });
  });

  r.get('/events', async (c) => {
    const b = await builderOf(c);
    const app = await appOf(c, b);
    const body = await itemEventStream(b.platform, app.appId, c.req.raw.signal);
    return c.body(body, 200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      'X-Accel-Buffering': 'no',
    });
  });

  r.post('/ingest/text', async (c) => {
    const b = await builderOf(c);
    const app = await appOf(c, b);
    const max = maxFileBytes(b.plan);
    await limitBody(c, max);
    const { context, name } = await textBody(c);
    // U+0000 is no text a builder means, and the database takes none (decision 0004, "Documents people upload")
    const bytes = new TextEncoder().encode(context.replaceAll('\u0000', ''));
    if (bytes.length > max) throw fileTooBig(max);
    const row = await addStoredItem(
      b,
      app,
      {
        name: name || pastedTextName(),
        type: 'txt',
        source: 'local files',
        size: bytes.length,
        mimeType: null,
      },
      bytes,
      'pasted.txt',
      { files: 0 },
    );
    return c.json({ contextItemId: row.id }, 201);
  });

  r.post('/ingest/file', async (c) => {
    const b = await builderOf(c);
    const app = await appOf(c, b);
    // replacing an item of this app: the one replaced does not count against the limits
    const replaceItemId = c.req.query('replaceItemId');
    const exceptItemId = replaceItemId
      ? (await loadItemOfApp(b.platform, app.appId, replaceItemId)).id
      : undefined;
    // refused before the body is read when the plan has no room anyway
    await assertRoomForItems(
      b.platform.db,
      b.account.accountId,
      b.plan,
      { items: 1, files: 1 },
      exceptItemId,
    );
    const max = maxFileBytes(b.plan);
    const file = await readUploadedFile(c, max);
    const kind = await checkUpload(file.name, file.bytes, parseLimitsOf(b.platform).docx);
    const row = await addStoredItem(
      b,
      app,
      {
        name: file.name,
        type: kind.type,
        source: 'local files',
        size: file.bytes.length,
        mimeType: kind.mimeType,
      },
      file.bytes,
      `original.${kind.ext}`,
      { files: 1, exceptItemId },
    );
    return c.json({ contextItemId: row.id }, 201);
  });

  r.post('/ingest/metadata', async (c) => {
    const b = await builderOf(c);
    const app = await appOf(c, b);
    const { contextItems } = await parseBody(c, ingestMetadataRequest);
    const local = contextItems.findIndex((i) => i.source === 'local files');
    if (local >= 0) {
      throw new AppError('request/invalid', {
        message: `contextItems.${local}.source: local files are uploaded, not imported`,
        field: `contextItems.${local}.source`,
      });
    }
    const rows = await addItems(
      b,
      app,
      contextItems.map((i) => ({
        name: i.name,
        type: i.type,
        source: i.source,
        providerItemId: i.providerItemId,
        provider: i.provider,
        externalFileId: i.externalFileId ?? null,
        externalFileUrl: i.externalFileUrl ?? null,
      })),
      { files: 0 },
    );
    return c.json({ contextItemIds: rows.map((row) => row.id) }, 201);
  });

  r.delete('/:id', async (c) => {
    const b = await builderOf(c);
    const item = await loadOwnedItem(b.platform.db, b.account.accountId, c.req.param('id'));
    await deleteItem(b.platform, item);
    return c.body(null, 204);
  });

  r.patch('/:id', async (c) => {
    const b = await builderOf(c);
    const item = await loadOwnedItem(b.platform.db, b.account.accountId, c.req.param('id'));
    const { name } = await parseBody(c, renameContextRequest);
    const row = await updateItem(b.platform, item.id, { name });
    if (!row) throw new AppError('context/not-found');
    return c.json(toContextItem(row));
  });

  r.post('/:id/retry', async (c) => {
    const b = await builderOf(c);
    const item = await loadOwnedItem(b.platform.db, b.account.accountId, c.req.param('id'));
    // only a failed item goes back: the conditional update keeps two retries at once from queueing it twice
    const row = await updateItem(b.platform, item.id, { status: 'pending', errorMessage: null }, ['error']);
    if (!row) throw new AppError('context/not-retryable');
    await queueIngestJob(b.platform, row.id);
    return c.json(toContextItem(row));
  });

  return r;
}
