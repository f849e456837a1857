import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { json } from './helpers';

let server: TestServer;
let admin: { idToken: string };
let builder: { idToken: string };
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'boss@example.com' });
  admin = await signUpBuilder(server, 'boss@example.com');
  builder = await signUpBuilder(server);
}, 60_000);
afterAll(() => server.close());

async function newSpaceApp(token: string) {
  const res = await server.request('/api/apps/new', { method: 'POST', token, json: { kind: 'space' } });
  expect(res.status).toBe(201);
  return (await res.json()) as { appId: string; appType: string; toolId: null; path: string };
}

const files = (appId: string, token?: string) => server.request(`/api/apps/${appId}/files`, { token });
const put = (appId: string, path: string, content: unknown, token?: string) =>
  server.request(`/api/apps/${appId}/files/${path}`, { method: 'PUT', token, json: { content } });

describe('a space app', () => {
  it('is created with its address and a starter page', async () => {
    const created = await newSpaceApp(builder.idToken);
    expect(created).toEqual({
      appId: created.appId,
      appType: 'space',
      toolId: null,
      path: `/app/${created.appId}`,
    });
    const body = await json(await files(created.appId, builder.idToken));
    expect(body.files.map((f: { path: string }) => f.path)).toEqual(['pages/Home.tsx']);
    expect(body.files[0].content).toContain('export default function Home()');
  });

  it('lets an admin save and delete files by path, slashes plain or encoded, sorted by path', async () => {
    const { appId } = await newSpaceApp(admin.idToken);
    const saved = await put(appId, 'components/ui/Card.tsx', 'export const Card = 1;', admin.idToken);
    expect(saved.status).toBe(200);
    expect(await json(saved)).toEqual({
      file: { path: 'components/ui/Card.tsx', content: 'export const Card = 1;' },
    });
    expect((await put(appId, 'pages%2FAbout.tsx', 'about', admin.idToken)).status).toBe(200);
    const listed = await json(await files(appId, admin.idToken));
    expect(listed.files.map((f: { path: string }) => f.path)).toEqual([
      'components/ui/Card.tsx',
      'pages/About.tsx',
      'pages/Home.tsx',
    ]);
    const overwritten = await put(appId, 'pages/About.tsx', 'about v2', admin.idToken);
    expect((await json(overwritten)).file.content).toBe('about v2');

    const del = await server.request(`/api/apps/${appId}/files/pages/About.tsx`, {
      method: 'DELETE',
      token: admin.idToken,
    });
    expect(await json(del)).toEqual({ ok: true });
    const again = await server.request(`/api/apps/${appId}/files/pages/About.tsx`, {
      method: 'DELETE',
      token: admin.idToken,
    });
    expect(again.status).toBe(404);
    expect((await json(again)).error).toMatchObject({
      code: 'space/file-not-found',
      message: 'File not found',
    });
  });

  it.each([
    // (a plain `/../` never arrives: the URL is resolved before any server sees it)
    ['a .. segment', 'pages/..%2F..%2Fsecret.tsx', 'The file path has an empty, "." or ".." segment'],
    ['an absolute path', '%2Fetc%2Fpasswd', 'The file path must be relative to the app'],
    ['a control character', 'pages/a%07b.tsx', 'The file path contains a control character'],
    ['a backslash', 'pages%5Ca.tsx', 'The file path contains a backslash'],
    ['bad URL encoding', 'pages/%E0%A4%A.tsx', 'The file path is not valid URL encoding'],
  ])('refuses %s with 400 and changes nothing', async (_name, path, message) => {
    const { appId } = await newSpaceApp(admin.idToken);
    const res = await put(appId, path, 'x', admin.idToken);
    expect(res.status).toBe(400);
    expect((await json(res)).error).toEqual({ code: 'space/path-invalid', message, field: 'path' });
    expect((await json(await files(appId, admin.idToken))).files).toHaveLength(1);
  });

  it('keeps the code editor for admins: a builder who is not gets 403 and nothing changes', async () => {
    const { appId } = await newSpaceApp(builder.idToken);
    const res = await put(appId, 'pages/Home.tsx', 'broken', builder.idToken);
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('auth/forbidden');
    const del = await server.request(`/api/apps/${appId}/files/pages/Home.tsx`, {
      method: 'DELETE',
      token: builder.idToken,
    });
    expect(del.status).toBe(403);
    const [home] = (await json(await files(appId, builder.idToken))).files;
    expect(home.content).toContain('export default function Home()');
  });

  it('answers 400 for a tool app and 401 without a sign-in', async () => {
    const tool = await json(
      await server.request('/api/apps/new', {
        method: 'POST',
        token: builder.idToken,
        json: { kind: 'tool' },
      }),
    );
    const res = await files(tool.appId, builder.idToken);
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({
      code: 'space/not-space-app',
      message: 'This app is not a space app',
    });
    const { appId } = await newSpaceApp(builder.idToken);
    expect((await files(appId)).status).toBe(401);
  });
});
