import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  AppError,
  ingestMetadataRequest,
  ingestTextRequest,
  renameContextRequest,
  resourceIdSchema,
  contextItemIdResponse,
  contextItemIdsResponse,
  contextItemSchema,
  contextItemsResponse,
  testRetrievalRequest,
  testRetrievalResponse,
} from '@buildai/domain';
import { requireCaller, type AppEnv, type Ctx } from '../../http/context';
import { idParams } from '../../http/params';
import { route } from '../../http/validation';
import { loadOwnedApp, requireBuilder } from '../apps';
import { sseItemEvents } from './events';
import { addImportedItems } from './add-imported-items';
import { addPastedText } from './add-pasted-text';
import { addUploadedFile } from './add-uploaded-file';
import { limitBody, readUploadedFile } from './ingest-file';
import type { Builder } from './ingest';
import { deleteItem } from './delete-item';
import { listItems } from './list-items';
import { effectivePlan } from './limits';
import type { ParseLimits } from './parse';
import { renameItem } from './rename-item';
import { retryItem } from './retry-item';
import { testRetrieval } from './test-retrieval';

async function builderOf(c: Ctx): Promise<Builder> {
  const platform = c.get('platform');
  const caller = requireCaller(c);
  const account = await requireBuilder(platform, caller);
  return { platform, account, plan: effectivePlan(platform, account, caller.email) };
}

async function appOf(b: Builder, appId: string | undefined) {
  if (!appId) throw new AppError('request/invalid', { message: 'appId is required', field: 'appId' });
  return loadOwnedApp(b.platform.db, b.account.accountId, appId);
}

/** Blank or missing pasted text is 'Please enter some text'. */
function textBodyError(error: z.ZodError): AppError | undefined {
  if (error.issues[0]!.path[0] === 'context') return new AppError('context/no-text', { field: 'context' });
  return undefined;
}

const appQuery = z.object({ appId: resourceIdSchema.optional() });
const itemsQuery = appQuery.extend({
  status: z.literal('unsynced', 'only unsynced can be asked for').optional(),
});
const fileQuery = appQuery.extend({ replaceItemId: resourceIdSchema.optional() });

/** /api/context (spec 000 §7): the data source items of an app. */
export function contextRoutes(parseLimits: ParseLimits) {
  const r = new OpenAPIHono<AppEnv>();

  route(
    r,
    {
      method: 'get',
      path: '/items',
      response: contextItemsResponse,
      summary: "An app's data items",
      query: itemsQuery,
    },
    async (c, { query }) => {
      const b = await builderOf(c);
      const app = await appOf(b, query.appId);
      return c.json(await listItems(b, app.appId, query.status === 'unsynced'));
    },
  );

  route(
    r,
    {
      method: 'get',
      path: '/events',
      summary: "Live status of an app's items",
      query: appQuery,
      produces: 'text/event-stream',
    },
    async (c, { query }) => {
      const b = await builderOf(c);
      const app = await appOf(b, query.appId);
      return sseItemEvents(c, b.platform, app.appId);
    },
  );

  route(
    r,
    {
      method: 'post',
      path: '/ingest/text',
      response: contextItemIdResponse,
      summary: 'Pasted text as a data item',
      query: appQuery,
      body: ingestTextRequest,
      bodyError: textBodyError,
      // held to the plan's file size: addPastedText caps the body once the plan is known
      maxBodyBytes: 'own',
      status: 201,
    },
    async (c, { query, body }) => {
      const b = await builderOf(c);
      const app = await appOf(b, query.appId);
      const row = await addPastedText(b, app, async (max) => {
        await limitBody(c, max);
        return body();
      });
      return c.json({ contextItemId: row.id }, 201);
    },
  );

  route(
    r,
    {
      method: 'post',
      path: '/ingest/file',
      response: contextItemIdResponse,
      summary: 'An uploaded file as a data item',
      query: fileQuery,
      upload: true,
      maxBodyBytes: 'own',
      status: 201,
    },
    async (c, { query }) => {
      const b = await builderOf(c);
      const app = await appOf(b, query.appId);
      const row = await addUploadedFile({
        builder: b,
        app,
        replaceItemId: query.replaceItemId,
        readFile: (max) => readUploadedFile(c, max),
        docxLimits: parseLimits.docx,
      });
      return c.json({ contextItemId: row.id }, 201);
    },
  );

  route(
    r,
    {
      method: 'post',
      path: '/ingest/metadata',
      response: contextItemIdsResponse,
      summary: 'Items from Notion or Google Drive',
      query: appQuery,
      body: ingestMetadataRequest,
      status: 201,
    },
    async (c, { query, body }) => {
      const b = await builderOf(c);
      const app = await appOf(b, query.appId);
      const { contextItems } = await body();
      const rows = await addImportedItems(b, app, contextItems);
      return c.json({ contextItemIds: rows.map((row) => row.id) }, 201);
    },
  );

  route(
    r,
    { method: 'delete', path: '/{id}', summary: 'Deletes a data item', params: idParams, status: 204 },
    async (c, { params }) => {
      const b = await builderOf(c);
      await deleteItem(b, params.id);
      return c.body(null, 204);
    },
  );

  route(
    r,
    {
      method: 'patch',
      path: '/{id}',
      response: contextItemSchema,
      summary: 'Renames a data item',
      params: idParams,
      body: renameContextRequest,
    },
    async (c, { params, body }) => {
      const b = await builderOf(c);
      return c.json(await renameItem(b, params.id, async () => (await body()).name));
    },
  );

  route(
    r,
    {
      method: 'post',
      path: '/{id}/retry',
      response: contextItemSchema,
      summary: 'Syncs a failed item again',
      params: idParams,
    },
    async (c, { params }) => {
      const b = await builderOf(c);
      return c.json(await retryItem(b, params.id));
    },
  );

  route(
    r,
    {
      method: 'post',
      path: '/test-retrieval',
      summary: 'The passages each retrieval method returns for a question, with their scores',
      body: testRetrievalRequest,
      response: testRetrievalResponse,
    },
    async (c, { body }) => {
      const b = await builderOf(c);
      const { appId, query } = await body();
      return c.json(await testRetrieval({ b, appId, query, signal: c.req.raw.signal }));
    },
  );

  return r;
}
