import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import type { PublishCheckResponse } from '@buildai/domain';
import { newSpaceApp } from './spaces-helpers';

// The publish check (issue 30, decision 0013): each entity tried through the data API over HTTP as an anonymous
// visitor, a signed-up end user and another one; personal data others can read and secrets in page code are found;
// nothing of the check stays behind.
let server: TestServer;
let token: string;
let base: string;
beforeAll(async () => {
  // an admin may write files directly (the code editor); the check calls the data API over HTTP, so it listens
  server = await startTestServer({ ADMIN_EMAILS: 'checker@example.com' });
  token = (await signUpBuilder(server, 'checker@example.com')).idToken;
  base = await server.listen();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function putEntity(appId: string, name: string, schema: Record<string, unknown>) {
  const res = await server.request(`/api/apps/${appId}/entities/${name}`, {
    method: 'PUT',
    token,
    json: { schema },
  });
  expect(res.status).toBe(201);
}

/** The check, over HTTP as the browser calls it. */
const check = (appId: string, as: string | null = token) =>
  fetch(`${base}/api/apps/${appId}/publish-check`, {
    method: 'POST',
    headers: as ? { authorization: `Bearer ${as}` } : {},
  });

async function records(appId: string, entity: string) {
  const res = await server.request(`/api/apps/${appId}/entities/${entity}/records`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { records: Record<string, unknown>[] }).records;
}

describe('POST /api/apps/{appId}/publish-check', () => {
  it('reports who can read and write each entity, finds the readable personal data, and leaves nothing behind', async () => {
    const appId = await newSpaceApp(server, token);
    await putEntity(appId, 'Contact', {
      properties: {
        name: { type: 'string' },
        email: { type: 'string', format: 'email' },
        age: { type: 'integer', minimum: 18 },
      },
      required: ['name', 'email'],
      'x-accessControl': { permissions: { read: 'anonymous', write: 'creator' } },
    });
    await putEntity(appId, 'Note', {
      properties: { text: { type: 'string', minLength: 3 }, contactEmail: { type: 'string' } },
      'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
    });
    await putEntity(appId, 'Board', {
      properties: { title: { type: 'string' } },
      'x-accessControl': { permissions: { read: 'all', write: 'all' } },
    });
    // the builder's own record is there before and after
    const kept = await server.request(`/api/apps/${appId}/entities/Contact/records`, {
      method: 'POST',
      token,
      json: { fields: { name: 'Ada', email: 'ada@example.com' } },
    });
    expect(kept.status).toBe(201);

    const res = await check(appId);
    expect(res.status).toBe(200);
    const body = (await res.json()) as PublishCheckResponse;
    const contact = body.entities.find((e) => e.entity === 'Contact')!;
    expect(contact.personalFields).toEqual(['name', 'email']);
    expect(contact.access).toEqual({
      anonymous: { create: 'denied', read: 'allowed', update: 'denied', delete: 'denied' },
      user: { create: 'allowed', read: 'allowed', update: 'allowed', delete: 'allowed' },
      otherUser: { create: 'allowed', read: 'allowed', update: 'denied', delete: 'denied' },
    });
    expect(body.entities.find((e) => e.entity === 'Note')!.access).toEqual({
      anonymous: { create: 'denied', read: 'denied', update: 'denied', delete: 'denied' },
      user: { create: 'allowed', read: 'allowed', update: 'allowed', delete: 'allowed' },
      otherUser: { create: 'allowed', read: 'denied', update: 'denied', delete: 'denied' },
    });
    expect(body.entities.find((e) => e.entity === 'Board')!.access).toEqual({
      anonymous: { create: 'denied', read: 'denied', update: 'denied', delete: 'denied' },
      user: { create: 'allowed', read: 'allowed', update: 'allowed', delete: 'allowed' },
      otherUser: { create: 'allowed', read: 'allowed', update: 'allowed', delete: 'allowed' },
    });
    expect(body.findings).toEqual([
      {
        kind: 'personal-data',
        entity: 'Contact',
        message: 'Anyone, without signing in, can read every Contact record, including name, email',
      },
    ]);

    // nothing of the check stays: the builder's record only, no end users
    expect((await records(appId, 'Contact')).map((r) => r.name)).toEqual(['Ada']);
    expect(await records(appId, 'Note')).toEqual([]);
    expect(await records(appId, 'Board')).toEqual([]);
    expect(await records(appId, 'User')).toEqual([]);
  });

  it('names the signed-up users who can read each other’s personal data, and what a test record could not be', async () => {
    const appId = await newSpaceApp(server, token);
    await putEntity(appId, 'Customer', {
      properties: { name: { type: 'string' }, phone: { type: 'string', pattern: '^\\+[0-9]{6,}$' } },
      required: ['phone'],
      'x-accessControl': { permissions: { read: 'all', write: 'creator' } },
    });
    const body = (await (await check(appId)).json()) as PublishCheckResponse;
    const [customer] = body.entities;
    // the sample phone does not match the pattern: no record could be made, so none read; a visitor is refused
    // before the record is looked at
    expect(customer!.access.anonymous).toEqual({
      create: 'denied',
      read: 'untested',
      update: 'untested',
      delete: 'untested',
    });
    expect(customer!.access.user.create).toBe('untested');
    expect(customer!.note).toMatch(/^A test record was refused: /);
    expect(body.findings).toEqual([]);

    const appId2 = await newSpaceApp(server, token);
    await putEntity(appId2, 'Customer', {
      properties: { name: { type: 'string' }, phone: { type: 'string' } },
      'x-accessControl': { permissions: { read: 'all', write: 'creator' } },
    });
    const second = (await (await check(appId2)).json()) as PublishCheckResponse;
    expect(second.findings).toEqual([
      {
        kind: 'personal-data',
        entity: 'Customer',
        message: 'Every signed-up user can read other users’ Customer records, including name, phone',
      },
    ]);
  });

  it('finds secret-looking strings in page code, not in server functions', async () => {
    const appId = await newSpaceApp(server, token);
    const put = (path: string, content: string) =>
      server.request(`/api/apps/${appId}/files/${path}`, { method: 'PUT', token, json: { content } });
    expect(
      (
        await put(
          'pages/Home.tsx',
          'const OPENAI = "sk-proj-Abc123def456ghi789jkl012mno";\nexport default function Home() { return <p>Hi</p>; }\n',
        )
      ).status,
    ).toBe(200);
    expect(
      (await put('components/Config.ts', 'export const apiKey = "your-api-key-here-please";\n')).status,
    ).toBe(200);
    expect(
      (await put('functions/ask.ts', 'const key = "sk-proj-Abc123def456ghi789jkl012mno";\n')).status,
    ).toBe(200);
    const body = (await (await check(appId)).json()) as PublishCheckResponse;
    expect(body.entities).toEqual([]);
    expect(body.findings).toEqual([
      {
        kind: 'secret',
        file: 'pages/Home.tsx',
        line: 1,
        message:
          'An OpenAI API key in pages/Home.tsx (line 1): page code is sent to every visitor’s browser; keep it in Secrets',
      },
    ]);
  });

  it("answers 404 for another builder's app and 401 without a token", async () => {
    const appId = await newSpaceApp(server, token);
    await putEntity(appId, 'Contact', {
      properties: { email: { type: 'string' } },
      'x-accessControl': { permissions: { read: 'anonymous', write: 'anonymous' } },
    });
    const other = (await signUpBuilder(server)).idToken;
    const refused = await check(appId, other);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('app/not-found');
    const anonymous = await check(appId, null);
    expect(anonymous.status).toBe(401);
    expect(await records(appId, 'Contact')).toEqual([]);
  });
});
