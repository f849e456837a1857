import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  AppError,
  MAX_RECORD_CHARS,
  accessControlSchema,
  bulkRecordsRequest,
  createRecordRequest,
  listRecordsQuery,
  putEntityRequest,
  recordFieldsSchema,
  resourceIdSchema,
  bulkRecordsResponse,
  entitiesResponse,
  entityRecordSchema,
  entitySchemaEntry,
  recordsPage,
} from '@buildai/domain';
import type { AppEnv, Caller, Ctx } from '../../http/context';
import type { DataImageLinks } from '../files';
import { appParams } from '../../http/params';
import { route, validateWith } from '../../http/validation';
import { bulkCreateRecords } from './bulk-create-records';
import { createRecord } from './create-record';
import { deleteRecord } from './delete-record';
import { getRecord } from './get-record';
import { listRecords } from './list-records';
import { listAppEntities } from './list-app-entities';
import { removeEntity } from './remove-entity';
import { saveEntity } from './save-entity';
import type { RecordValidator } from './record-validator';
import { updateRecord } from './update-record';

/**
 * An entity's name in a path: printable ASCII (anything else names nothing, 404), checked against the entity name
 * pattern where an entity is created (400 there).
 */
const entityParams = z.object({ appId: resourceIdSchema, name: z.string().regex(/^[\x21-\x7e]{1,64}$/) });
const recordParams = entityParams.extend({ id: resourceIdSchema });

/**
 * The PUT body as the document describes it: the domain's `entitySchemaSchema` nests properties through `z.lazy`,
 * which the document cannot write, so the body is read with this outline and the schema checked in the use-case.
 */
const putEntityBody = z.object({
  schema: z.looseObject({
    type: z.literal('object').optional(),
    properties: z.record(z.string(), z.looseObject({})),
    required: z.array(z.string()).optional(),
    'x-accessControl': accessControlSchema.optional(),
  }),
});

/** One record is at most MAX_RECORD_CHARS characters of JSON; four bytes each at worst, and the wrapping. */
const RECORD_BODY_MAX_BYTES = 4 * MAX_RECORD_CHARS + 4096;
/** A bulk create: up to MAX_BULK_RECORDS records (an import sends 10 at a time). */
const BULK_BODY_MAX_BYTES = 8 * 1024 * 1024;
/** An entity schema is at most MAX_ENTITY_SCHEMA_CHARS characters. */
const SCHEMA_BODY_MAX_BYTES = 256 * 1024;

/**
 * The caller, or null for a visitor. A token that was sent but is not valid (expired, signed out) answers 401 rather
 * than being read as a visitor: a client whose token lapsed then refreshes it, instead of being shown the smaller,
 * anonymous view of the data as if it were all there is.
 */
function callerOf(c: Ctx): Caller | null {
  const caller = c.get('caller');
  if (!caller && /^Bearer\s+\S/i.test(c.req.header('authorization') ?? ''))
    throw new AppError('auth/unauthenticated');
  return caller;
}

/**
 * The app database under /api/apps (issue "The app database", docs/decisions/0008): entities for the app's owner,
 * records for everyone the entity's permissions let in, as the app's owner, its end users or visitors.
 */
export function entityRoutes(validator: RecordValidator, images?: DataImageLinks) {
  const r = new OpenAPIHono<AppEnv>();
  // image cells: served as links the app's frame can load, stored as the cell's own URL (issue 32, item 7)
  const link = <T extends Record<string, unknown>>(appId: string, record: T) =>
    images ? images.link(appId, record) : Promise.resolve(record);
  const unlink = <T extends Record<string, unknown>>(appId: string, fields: T) =>
    images ? images.unlink(appId, fields) : fields;
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/entities',
      response: entitiesResponse,
      summary: "An app's entities (its owner)",
      params: appParams,
    },
    async (c, { params }) => c.json(await listAppEntities(c.get('platform'), callerOf(c), params.appId)),
  );
  route(
    r,
    {
      method: 'put',
      path: '/{appId}/entities/{name}',
      response: entitySchemaEntry,
      summary: 'Creates or replaces an entity (its owner)',
      params: entityParams,
      body: putEntityBody,
      maxBodyBytes: SCHEMA_BODY_MAX_BYTES,
    },
    async (c, { params, body }) => {
      const { entry, created } = await saveEntity({
        platform: c.get('platform'),
        caller: callerOf(c),
        appId: params.appId,
        name: params.name,
        schema: async () => validateWith(putEntityRequest, await body()).schema,
      });
      return c.json(entry, created ? 201 : 200);
    },
  );
  route(
    r,
    {
      method: 'delete',
      path: '/{appId}/entities/{name}',
      summary: 'Removes an entity and its records (its owner)',
      params: entityParams,
      status: 204,
    },
    async (c, { params }) => {
      await removeEntity({
        platform: c.get('platform'),
        caller: callerOf(c),
        appId: params.appId,
        name: params.name,
      });
      return c.body(null, 204);
    },
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/entities/{name}/records',
      response: recordsPage,
      summary: "A page of an entity's records the caller may read, newest first",
      params: entityParams,
      query: listRecordsQuery,
    },
    async (c, { params, query }) => {
      const page = await listRecords({
        platform: c.get('platform'),
        caller: callerOf(c),
        appId: params.appId,
        entity: params.name,
        limit: query.limit,
        cursor: query.cursor,
        withTotal: query.total === 'true',
      });
      const records = await Promise.all(page.records.map((record) => link(params.appId, record)));
      return c.json({ ...page, records });
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/entities/{name}/records',
      response: entityRecordSchema,
      summary: 'Creates a record',
      params: entityParams,
      body: createRecordRequest,
      maxBodyBytes: RECORD_BODY_MAX_BYTES,
      status: 201,
    },
    async (c, { params, body }) => {
      const record = await createRecord({
        platform: c.get('platform'),
        validator,
        caller: callerOf(c),
        appId: params.appId,
        entity: params.name,
        body: async () => {
          const sent = unlink(params.appId, await body());
          const fields = sent.fields;
          return fields && typeof fields === 'object' && !Array.isArray(fields)
            ? { ...sent, fields: unlink(params.appId, fields as Record<string, unknown>) }
            : sent;
        },
      });
      return c.json(await link(params.appId, record), 201);
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/entities/{name}/records/bulk',
      response: bulkRecordsResponse,
      summary: 'Creates many records; each bad one is reported by its index',
      params: entityParams,
      body: bulkRecordsRequest,
      maxBodyBytes: BULK_BODY_MAX_BYTES,
    },
    async (c, { params, body }) =>
      c.json(
        await bulkCreateRecords({
          platform: c.get('platform'),
          validator,
          caller: callerOf(c),
          appId: params.appId,
          entity: params.name,
          records: async () => (await body()).records.map((fields) => unlink(params.appId, fields)),
        }),
      ),
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/entities/{name}/records/{id}',
      response: entityRecordSchema,
      summary: 'One record',
      params: recordParams,
    },
    async (c, { params }) => {
      const record = await getRecord({
        platform: c.get('platform'),
        caller: callerOf(c),
        appId: params.appId,
        entity: params.name,
        id: params.id,
      });
      return c.json(await link(params.appId, record));
    },
  );
  route(
    r,
    {
      method: 'patch',
      path: '/{appId}/entities/{name}/records/{id}',
      response: entityRecordSchema,
      summary: "Changes some of a record's fields",
      params: recordParams,
      body: recordFieldsSchema,
      maxBodyBytes: RECORD_BODY_MAX_BYTES,
    },
    async (c, { params, body }) => {
      const record = await updateRecord({
        platform: c.get('platform'),
        validator,
        caller: callerOf(c),
        appId: params.appId,
        entity: params.name,
        id: params.id,
        fields: async () => unlink(params.appId, await body()),
      });
      return c.json(await link(params.appId, record));
    },
  );
  route(
    r,
    {
      method: 'delete',
      path: '/{appId}/entities/{name}/records/{id}',
      summary: 'Deletes a record',
      params: recordParams,
      status: 204,
    },
    async (c, { params }) => {
      await deleteRecord({
        platform: c.get('platform'),
        caller: callerOf(c),
        appId: params.appId,
        entity: params.name,
        id: params.id,
      });
      return c.body(null, 204);
    },
  );
  return r;
}
