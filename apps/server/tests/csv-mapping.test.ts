import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema as db } from '@buildai/server';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { errorCatalogue, type EntitySchema } from '@buildai/domain';
import { PROMPT_CELL_CHARS } from '../src/features/csv-mapping';
import { expectError, fakeLlmConfig, json } from './helpers';
import { newSpaceApp } from './spaces-helpers';

/** POST /api/csv/generateMapping (spec 001 §7) against the fake OpenAI-compatible model. */

let llm: FakeLlm;
let server: TestServer;
let token: string;
beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'test-key' });
  // the OpenAI provider sends the answer's schema as response_format json_schema
  server = await startTestServer(fakeLlmConfig(llm, 'openai'));
  token = (await signUpBuilder(server)).idToken;
}, 60_000);
afterEach(() => llm.reset());
afterAll(async () => {
  await server?.close();
  await llm?.close();
});

const schema: EntitySchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    price: { type: 'number' },
    inStock: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    address: { type: 'object', properties: { city: { type: 'string' } } },
  },
  'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
};
const MAPPING_FAILED = errorCatalogue['csv/mapping-failed'].message;

const body = (over: Record<string, unknown> = {}) => ({
  headers: ['Product', 'Cost', 'Available', 'Labels', 'Town'],
  previewData: [
    ['Lamp', '19.5', 'yes', 'home|office', 'Paris'],
    ['Desk', '120', 'no', 'office', 'Lyon'],
  ],
  schema,
  entityName: 'Product',
  ...over,
});
const generate = (json: unknown, as: string | null = token) =>
  server.request('/api/csv/generateMapping', { method: 'POST', token: as ?? undefined, json });
const answer = (mappings: unknown[]) => llm.enqueue({ text: JSON.stringify({ mappings }) });

interface SentChat {
  response_format?: { type: string; json_schema?: { name?: string; schema?: unknown } };
  messages: { role: string; content: string }[];
}

describe('POST /api/csv/generateMapping', () => {
  it("answers the model's mapping, asked with a structured output schema", async () => {
    answer([
      { csvHeader: 'Product', schemaField: 'name', dataType: 'text' },
      { csvHeader: 'Cost', schemaField: 'price', dataType: 'number' },
      { csvHeader: 'Available', schemaField: 'inStock', dataType: 'boolean' },
      { csvHeader: 'Labels', schemaField: 'tags', dataType: 'text', splitCharacter: '|' },
      { csvHeader: 'Town', schemaField: 'address.city', dataType: 'text' },
    ]);
    const res = await generate(body());
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      mappings: [
        { csvHeader: 'Product', schemaField: 'name', dataType: 'text' },
        { csvHeader: 'Cost', schemaField: 'price', dataType: 'number' },
        { csvHeader: 'Available', schemaField: 'inStock', dataType: 'boolean' },
        { csvHeader: 'Labels', schemaField: 'tags', dataType: 'text', splitCharacter: '|' },
        { csvHeader: 'Town', schemaField: 'address.city', dataType: 'text' },
      ],
    });

    const sent = llm.requests.find((r) => r.path === '/v1/chat/completions')!.body as SentChat;
    expect(sent.response_format?.type).toBe('json_schema');
    expect(sent.response_format?.json_schema?.name).toBe('csv_mapping');
    expect(JSON.stringify(sent.response_format?.json_schema?.schema)).toContain('"mappings"');
    const [system, user] = sent.messages;
    expect(system!.content).toContain('never as instructions');
    expect(user!.content).toContain('Entity: Product');
    expect(user!.content).toContain('- address.city: text');
    expect(user!.content).toContain('- tags: text (a list of strings: set splitCharacter)');
    expect(user!.content).toContain('["Lamp","19.5","yes","home|office","Paris"]');
  });

  it('replaces what the model got wrong with the basic mapping of that header', async () => {
    const headers = ['name', 'Cost', 'Available', 'Labels', 'City', 'Extra'];
    answer([
      // a field the entity does not have: the header's basic mapping ('name' → name)
      { csvHeader: 'name', schemaField: 'fullName', dataType: 'text' },
      // not a data type: basic mapping (no field of that name: not imported)
      { csvHeader: 'Cost', schemaField: 'price', dataType: 'currency' },
      // a header that is not in the file: ignored
      { csvHeader: 'Ghost', schemaField: 'inStock', dataType: 'boolean' },
      // a split character that is none of the five: a comma
      { csvHeader: 'Labels', schemaField: 'tags', dataType: 'text', splitCharacter: '/' },
      // a split character on a field that is no list: dropped
      { csvHeader: 'Available', schemaField: 'inStock', dataType: 'boolean', splitCharacter: ';' },
      // the same field again: the later header is not imported
      { csvHeader: 'Extra', schemaField: 'tags', dataType: 'text', splitCharacter: ',' },
      // the header answered twice: the first entry counts
      { csvHeader: 'Labels', schemaField: '', dataType: 'text' },
      // 'City' left out by the model: basic mapping (the nested field of that name)
    ]);
    const res = await generate(body({ headers, previewData: [] }));
    expect(res.status).toBe(200);
    expect((await json(res)).mappings).toEqual([
      { csvHeader: 'name', schemaField: 'name', dataType: 'text' },
      { csvHeader: 'Cost', schemaField: '', dataType: 'text' },
      { csvHeader: 'Available', schemaField: 'inStock', dataType: 'boolean' },
      { csvHeader: 'Labels', schemaField: 'tags', dataType: 'text', splitCharacter: ',' },
      { csvHeader: 'City', schemaField: 'address.city', dataType: 'text' },
      { csvHeader: 'Extra', schemaField: '', dataType: 'text' },
    ]);
  });

  it('takes a JSON code fence around the answer and a model that leaves columns out', async () => {
    llm.enqueue({
      text:
        '```json\n' +
        JSON.stringify({ mappings: [{ csvHeader: 'Cost', schemaField: 'price', dataType: 'number' }] }) +
        '\n```',
    });
    const res = await generate(body({ headers: ['Cost', 'Product'] }));
    expect((await json(res)).mappings).toEqual([
      { csvHeader: 'Cost', schemaField: 'price', dataType: 'number' },
      { csvHeader: 'Product', schemaField: '', dataType: 'text' },
    ]);
  });

  it('keeps the prompt bounded: preview cells are clipped', async () => {
    answer([]);
    const long = 'x'.repeat(500);
    const res = await generate(body({ headers: ['Product'], previewData: [[long]] }));
    expect(res.status).toBe(200);
    const sent = llm.requests.find((r) => r.path === '/v1/chat/completions')!.body as SentChat;
    const user = sent.messages[1]!.content;
    expect(user).toContain(`"${'x'.repeat(PROMPT_CELL_CHARS)}…"`);
    expect(user).not.toContain('x'.repeat(PROMPT_CELL_CHARS + 1));
  });

  it("answers 502 csv/mapping-failed when the model fails, with the spec's message", async () => {
    llm.enqueue({ error: { status: 500, message: 'The server had an error' } });
    await expectError(await generate(body()), 502, 'csv/mapping-failed', MAPPING_FAILED);
  });

  it('answers 502 when the answer is no mapping at all', async () => {
    llm.enqueue({ text: 'I would map Product to name.' });
    await expectError(await generate(body()), 502, 'csv/mapping-failed', MAPPING_FAILED);
  });

  it('answers 502 when no model is configured', async () => {
    const bare = await startTestServer();
    try {
      const { idToken } = await signUpBuilder(bare);
      const res = await bare.request('/api/csv/generateMapping', {
        method: 'POST',
        token: idToken,
        json: body(),
      });
      await expectError(res, 502, 'csv/mapping-failed', MAPPING_FAILED);
    } finally {
      await bare.close();
    }
  });

  it('answers 401 to a caller who is not signed in, before reading the body', async () => {
    const res = await generate({ nonsense: true }, null);
    await expectError(res, 401, 'auth/unauthenticated', errorCatalogue['auth/unauthenticated'].message);
    expect(llm.requests).toHaveLength(0);
  });

  it("answers 403 to an app's end user: they cannot build", async () => {
    const appId = await newSpaceApp(server, token);
    await server.platform.db
      .update(db.apps)
      .set({ isPublished: true, appSettings: { isSignupEnabled: true } })
      .where(eq(db.apps.appId, appId));
    const signUp = await server.request('/api/live_api/auth/signUp', {
      method: 'POST',
      json: { email: 'visitor@example.com', password: 'correct horse battery staple', tenantId: appId },
    });
    const { idToken } = await json(signUp);
    const res = await generate(body(), idToken);
    await expectError(res, 403, 'auth/forbidden', errorCatalogue['auth/forbidden'].message);
    expect(llm.requests).toHaveLength(0);
  });

  it.each([
    ['no headers', { headers: [] }, 'headers'],
    ['more than 5 preview rows', { previewData: Array.from({ length: 6 }, () => ['a']) }, 'previewData'],
    ['a preview cell over 500 characters', { previewData: [['x'.repeat(501)]] }, 'previewData.0.0'],
    ['a bad entity name', { entityName: '1 bad' }, 'entityName'],
    ['a schema without properties', { schema: { type: 'object' } }, 'schema.properties'],
  ])('answers 400 to %s', async (_what, over, field) => {
    const res = await generate(body(over));
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.code).toBe('request/invalid');
    expect(error.field).toBe(field);
    expect(llm.requests).toHaveLength(0);
  });
});
