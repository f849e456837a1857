import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { builderMessages } from '@buildai/domain';
import { schema } from '@buildai/server';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import {
  activateAndPublish,
  addTool,
  json,
  makeGeneratedApp,
  makeTool,
  readRunEvents,
  setPlan,
  TINY_PNG,
  uploadFile,
  fakeLlmConfig,
  expectError,
} from './helpers';

let llm: FakeLlm;
let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'test-key' });
  server = await startTestServer({
    ADMIN_EMAILS: 'boss@example.com',
    ...fakeLlmConfig(llm),
  });
  adminToken = (await signUpBuilder(server, 'boss@example.com')).idToken;
});
afterAll(async () => {
  await server.close();
  await llm.close();
});

const send = (method: string, path: string, token: string, body?: unknown) =>
  server.request(path, { method, token, json: body });
const post = (path: string, token: string, body?: unknown) => send('POST', path, token, body);
const getApp = async (appId: string, token?: string) =>
  json(await server.request(`/api/apps/${appId}`, { token }));

async function builderOn(plan: 'lite' | 'explorer' | 'moon') {
  const b = await signUpBuilder(server);
  if (plan !== 'lite') await setPlan(server, adminToken, b.email, plan);
  return b;
}

const PATH_INVALID = 'Path should contain only letters, numbers, and dashes. It cannot be empty.';
const PATH_TAKEN = 'Another tool of this app already uses this path';

// ---- tools of a generated app ----------------------------------------------------------------------------------

describe('tools of a generated app', () => {
  it("saves the app's own header and subheader (App details), trimmed", async () => {
    const { idToken } = await builderOn('lite');
    const appId = await makeGeneratedApp(server, idToken);
    const res = await post('/api/apps', idToken, {
      appType: 'generated',
      appId,
      genApp: { header: '  Travel helpers ', description: 'Plan and pack.', appBuilderVersion: 4 },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ header: 'Travel helpers', description: 'Plan and pack.' });
    expect(await getApp(appId, idToken)).toMatchObject({
      header: 'Travel helpers',
      description: 'Plan and pack.',
    });
  });

  it('creates a generated app without tools, and a tool app with its one tool as before', async () => {
    const { idToken } = await builderOn('lite');
    const gen = await post('/api/apps/new', idToken, { kind: 'generated' });
    expect(gen.status).toBe(201);
    const created = await json(gen);
    expect(created).toMatchObject({ appType: 'generated', toolId: null, path: null });
    expect((await getApp(created.appId, idToken)).tools).toEqual([]);
    const tool = await json(await post('/api/apps/new', idToken, { kind: 'tool' }));
    expect((await getApp(tool.appId, idToken)).tools.map((t: { toolId: string }) => t.toolId)).toEqual([
      tool.toolId,
    ]);
  });

  it('adds draft tools at the end, with the path rules', async () => {
    const { idToken } = await builderOn('lite');
    const appId = await makeGeneratedApp(server, idToken);
    const res = await post(`/api/apps/${appId}/tools`, idToken, { title: ' Recipes ', path: 'Recipes' });
    expect(res.status).toBe(201);
    const first = await json(res);
    expect(first).toEqual({ toolId: expect.any(String), path: 'Recipes' });
    await addTool(server, idToken, appId, 'Menus', 'menus-2');

    for (const path of ['', '   ', 'no spaces', 'café', 'a/b', 'under_score']) {
      await expectError(
        await post(`/api/apps/${appId}/tools`, idToken, { title: 'X', path }),
        400,
        'tool/path-invalid',
        PATH_INVALID,
      );
    }
    await expectError(
      await post(`/api/apps/${appId}/tools`, idToken, { title: 'X', path: 'recipes' }),
      409,
      'tool/path-taken',
      PATH_TAKEN,
    );
    const tooLong = await post(`/api/apps/${appId}/tools`, idToken, { title: 'x'.repeat(61), path: 'long' });
    expect((await json(tooLong)).error).toMatchObject({ code: 'request/invalid', field: 'title' });

    const app = await getApp(appId, idToken);
    expect(app.tools.map((t: Record<string, unknown>) => [t.title, t.path, t.status])).toEqual([
      ['Recipes', 'Recipes', 'draft'],
      ['Menus', 'menus-2', 'draft'],
    ]);
    // the tool's header starts as its title
    expect(app.tools[0].app.header).toBe('Recipes');
  });

  it('adds tools to generated apps only', async () => {
    const { idToken } = await builderOn('lite');
    const { appId } = await makeTool(server, idToken);
    await expectError(
      await post(`/api/apps/${appId}/tools`, idToken, { title: 'X', path: 'x' }),
      400,
      'tool/not-in-generated-app',
      'Tools can be added to generated apps only',
    );
    expect((await getApp(appId, idToken)).tools).toHaveLength(1);
  });

  it('stops at 20 tools per app', async () => {
    const { idToken } = await builderOn('lite');
    const appId = await makeGeneratedApp(server, idToken);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => addTool(server, idToken, appId, `T${i}`, `t${i}`)),
    );
    await expectError(
      await post(`/api/apps/${appId}/tools`, idToken, { title: 'One more', path: 'one-more' }),
      400,
      'tool/too-many',
      builderMessages.maxTools(20),
    );
    const tools = (await getApp(appId, idToken)).tools;
    expect(tools).toHaveLength(20);
    // added one at a time, each at the end
    expect(new Set(tools.map((t: { path: string }) => t.path)).size).toBe(20);
  });

  it('renames a tool and moves its path', async () => {
    const { idToken } = await builderOn('lite');
    const appId = await makeGeneratedApp(server, idToken);
    const toolId = await addTool(server, idToken, appId, 'Recipes', 'recipes');
    await addTool(server, idToken, appId, 'Menus', 'menus');
    const patch = (body: unknown) => send('PATCH', `/api/apps/${appId}/tools/${toolId}`, idToken, body);

    const renamed = await json(await patch({ title: 'Dinner ideas' }));
    expect(renamed.tool).toMatchObject({ toolId, title: 'Dinner ideas', path: 'recipes' });
    expect(renamed.tool.app.header).toBe('Dinner ideas');
    await expectError(await patch({ path: 'MENUS' }), 409, 'tool/path-taken', PATH_TAKEN);
    await expectError(await patch({ path: 'bad path' }), 400, 'tool/path-invalid', PATH_INVALID);
    // a title and a refused path together change neither
    await expectError(await patch({ title: 'Lost', path: 'menus' }), 409, 'tool/path-taken', PATH_TAKEN);
    // its own path in another case is not taken
    expect((await json(await patch({ path: 'Recipes' }))).tool.path).toBe('Recipes');
    const moved = await json(await patch({ path: 'dinner' }));
    expect(moved.tool).toMatchObject({ title: 'Dinner ideas', path: 'dinner' });
    expect((await getApp(appId, idToken)).tools[0]).toMatchObject({ title: 'Dinner ideas', path: 'dinner' });
  });

  it('renaming the tool of a tool app renames the app', async () => {
    const { idToken } = await builderOn('lite');
    const { appId, toolId } = await makeTool(server, idToken);
    await send('PATCH', `/api/apps/${appId}/tools/${toolId}`, idToken, { title: 'Tagline maker' });
    expect((await getApp(appId, idToken)).header).toBe('Tagline maker');
  });

  it('runs a moved tool at its new path', async () => {
    const { idToken } = await builderOn('lite');
    const { appId, toolId, path } = await makeTool(server, idToken);
    await activateAndPublish(server, idToken, appId, toolId);
    const run = (p: string) =>
      server.request(`/api/apps/${appId}/tools/${p}/run`, {
        method: 'POST',
        json: { inputs: { topic: 'tea' } },
      });
    llm.enqueue({ text: 'Tea time.' });
    expect((await run(path)).status).toBe(200);
    await send('PATCH', `/api/apps/${appId}/tools/${toolId}`, idToken, { path: 'slogans' });
    expect((await run(path)).status).toBe(404);
    llm.enqueue({ text: 'Tea again.' });
    const events = await readRunEvents(await run('slogans'));
    expect(events.at(-1)).toMatchObject({ type: 'finish' });
  });

  it('deletes a tool with its runs', async () => {
    const { idToken } = await builderOn('lite');
    const appId = await makeGeneratedApp(server, idToken);
    const toolId = await addTool(server, idToken, appId, 'Recipes', 'recipes');
    const keep = await addTool(server, idToken, appId, 'Menus', 'menus');
    await send('PUT', `/api/apps/${appId}/tools/${toolId}`, idToken, {
      header: 'Recipes',
      gptPrompt: 'A recipe',
    });
    llm.enqueue({ text: 'Soup.' });
    const ran = await server.request(`/api/apps/${appId}/tools/recipes/run`, {
      method: 'POST',
      token: idToken,
      json: { inputs: {} },
    });
    const runId = (await readRunEvents(ran)).at(-1)!.runId;
    const runsOf = () => server.platform.db.select().from(schema.runs).where(eq(schema.runs.runId, runId));
    expect(await runsOf()).toHaveLength(1);

    const res = await send('DELETE', `/api/apps/${appId}/tools/${toolId}`, idToken);
    expect(res.status).toBe(204);
    expect(await runsOf()).toEqual([]);
    expect((await getApp(appId, idToken)).tools.map((t: { toolId: string }) => t.toolId)).toEqual([keep]);
    expect((await send('DELETE', `/api/apps/${appId}/tools/${toolId}`, idToken)).status).toBe(404);
    // the path is free again
    expect((await post(`/api/apps/${appId}/tools`, idToken, { title: 'R', path: 'recipes' })).status).toBe(
      201,
    );
  });

  it('orders tools as told, naming each exactly once', async () => {
    const { idToken } = await builderOn('lite');
    const appId = await makeGeneratedApp(server, idToken);
    const [a, b, c] = [
      await addTool(server, idToken, appId, 'A', 'a'),
      await addTool(server, idToken, appId, 'B', 'b'),
      await addTool(server, idToken, appId, 'C', 'c'),
    ];
    const order = (toolIds: string[]) => post(`/api/apps/${appId}/tools/order`, idToken, { toolIds });
    const res = await order([c!, a!, b!]);
    expect(res.status).toBe(200);
    expect((await json(res)).tools.map((t: { path: string }) => t.path)).toEqual(['c', 'a', 'b']);
    expect((await getApp(appId, idToken)).tools.map((t: { path: string }) => t.path)).toEqual([
      'c',
      'a',
      'b',
    ]);

    const other = await addTool(server, idToken, await makeGeneratedApp(server, idToken), 'D', 'd');
    for (const ids of [
      [a!, b!],
      [a!, b!, c!, c!],
      [a!, b!, other],
      [a!, b!, c!, other],
    ]) {
      const bad = await order(ids);
      expect(bad.status).toBe(400);
      expect((await json(bad)).error).toMatchObject({ code: 'request/invalid', field: 'toolIds' });
    }
    expect((await getApp(appId, idToken)).tools.map((t: { path: string }) => t.path)).toEqual([
      'c',
      'a',
      'b',
    ]);
  });
});

// ---- activation --------------------------------------------------------------------------------------------------

describe('tool status', () => {
  const setStatus = (token: string, appId: string, toolId: string, status: string) =>
    post(`/api/apps/${appId}/tools/${toolId}/status`, token, { status });

  it('needs a header to activate', async () => {
    const { idToken } = await builderOn('lite');
    const appId = await makeGeneratedApp(server, idToken);
    const toolId = await addTool(server, idToken, appId, '', 'untitled');
    await expectError(
      await setStatus(idToken, appId, toolId, 'active'),
      400,
      'tool/header-required',
      'Your tool should have a header before it is activated',
    );
  });

  it('holds a lite builder to one live tool across all apps', async () => {
    const { idToken } = await builderOn('lite');
    const one = await makeTool(server, idToken);
    const two = await makeTool(server, idToken);
    expect((await setStatus(idToken, one.appId, one.toolId, 'active')).status).toBe(200);
    // activating the live tool again takes no second slot
    expect((await setStatus(idToken, one.appId, one.toolId, 'active')).status).toBe(200);
    await expectError(
      await setStatus(idToken, two.appId, two.toolId, 'active'),
      403,
      'tool/live-limit',
      'Your plan allows 1 live tool. Upgrade your plan to activate more tools.',
    );
    expect((await getApp(two.appId, idToken)).tools[0].status).toBe('draft');
    expect((await setStatus(idToken, one.appId, one.toolId, 'draft')).status).toBe(200);
    const res = await setStatus(idToken, two.appId, two.toolId, 'active');
    expect((await json(res)).tool).toMatchObject({ toolId: two.toolId, status: 'active' });
  });

  it('lets only one of several activations at once take the last slot', async () => {
    const { idToken } = await builderOn('lite');
    const tools = await Promise.all([1, 2, 3, 4].map(() => makeTool(server, idToken)));
    const answers = await Promise.all(tools.map((t) => setStatus(idToken, t.appId, t.toolId, 'active')));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403, 403, 403]);
  });

  it('gives an explorer five live tools, and an admin the moon limit whatever the plan', async () => {
    const { idToken } = await builderOn('explorer');
    const appId = await makeGeneratedApp(server, idToken);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await addTool(server, idToken, appId, `Tool ${i}`, `tool-${i}`));
    for (const id of ids.slice(0, 5))
      expect((await setStatus(idToken, appId, id, 'active')).status).toBe(200);
    await expectError(
      await setStatus(idToken, appId, ids[5]!, 'active'),
      403,
      'tool/live-limit',
      builderMessages.liveToolLimit(5),
    );

    // the admin is on lite (limit 1), but admins count against the moon plan
    const adminApp = await makeGeneratedApp(server, adminToken);
    for (let i = 0; i < 3; i++) {
      const id = await addTool(server, adminToken, adminApp, `A${i}`, `a${i}`);
      expect((await setStatus(adminToken, adminApp, id, 'active')).status).toBe(200);
    }
  });
});

// ---- images ----------------------------------------------------------------------------------------------------

/** A file that starts like an image of this kind, padded to `size` bytes. */
function imageBytes(kind: 'png' | 'jpeg' | 'gif' | 'webp', size = 64) {
  const heads = {
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    jpeg: [0xff, 0xd8, 0xff, 0xe0],
    gif: [...Buffer.from('GIF89a')],
    webp: [...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 ')],
  };
  const bytes = new Uint8Array(size);
  bytes.set(heads[kind]);
  return bytes;
}

describe('tool images', () => {
  it('stores a photo under the account, app and tool, serves it, and replaces it', async () => {
    const { idToken, accountId } = await builderOn('lite');
    const { appId, toolId } = await makeTool(server, idToken);
    const path = `/api/apps/${appId}/tools/${toolId}/image`;
    const res = await uploadFile(server, idToken, path, TINY_PNG, 'logo.bin', 'application/octet-stream');
    expect(res.status).toBe(200);
    const { imageUrl } = await json(res);
    expect(imageUrl).toMatch(
      new RegExp(`^/api/files/accounts/${accountId}/apps/${appId}/tools/${toolId}/thumb-[A-Za-z0-9]+\\.png$`),
    );
    expect((await getApp(appId, idToken)).tools[0].imageUrl).toBe(imageUrl);

    const file = await server.request(imageUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(TINY_PNG);
    // the same image with its key encoded as one path parameter, as a client generated from the OpenAPI document
    // sends `GET /api/files/{key}`
    const key = imageUrl.slice('/api/files/'.length);
    const encoded = await server.request(`/api/files/${encodeURIComponent(key)}`);
    expect(encoded.status).toBe(200);
    expect(new Uint8Array(await encoded.arrayBuffer())).toEqual(TINY_PNG);

    const next = await json(await uploadFile(server, idToken, path, imageBytes('gif'), 'x.gif', 'image/gif'));
    expect(next.imageUrl).not.toBe(imageUrl);
    expect((await server.request(imageUrl)).status).toBe(404);
    expect((await server.request(next.imageUrl)).headers.get('content-type')).toBe('image/gif');

    const removed = await send('DELETE', path, idToken);
    expect((await json(removed)).tool).toMatchObject({ toolId, imageUrl: null });
    expect((await server.request(next.imageUrl)).status).toBe(404);
    expect((await getApp(appId, idToken)).tools[0].imageUrl).toBeNull();
  });

  it.each([
    ['jpeg', 'image/jpeg', 'jpg'],
    ['gif', 'image/gif', 'gif'],
    ['webp', 'image/webp', 'webp'],
  ] as const)('takes a %s by its first bytes', async (kind, type, ext) => {
    const { idToken } = await builderOn('lite');
    const { appId, toolId } = await makeTool(server, idToken);
    const res = await uploadFile(
      server,
      idToken,
      `/api/apps/${appId}/tools/${toolId}/image`,
      imageBytes(kind),
      'p',
      'text/plain',
    );
    const { imageUrl } = await json(res);
    expect(imageUrl.endsWith(`.${ext}`)).toBe(true);
    expect((await server.request(imageUrl)).headers.get('content-type')).toBe(type);
  });

  it('refuses what is not an image, whatever its name and type say', async () => {
    const { idToken } = await builderOn('lite');
    const { appId, toolId } = await makeTool(server, idToken);
    const path = `/api/apps/${appId}/tools/${toolId}/image`;
    for (const [bytes, name, type] of [
      [new TextEncoder().encode('just some text'), 'notes.txt', 'text/plain'],
      [new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg', 'image/svg+xml'],
      [new TextEncoder().encode('not a png at all'), 'fake.png', 'image/png'],
      [new Uint8Array(0), 'empty.png', 'image/png'],
    ] as const) {
      await expectError(
        await uploadFile(server, idToken, path, bytes, name, type),
        400,
        'upload/not-image',
        'Only images can be uploaded here',
      );
    }
    const noFile = await server.request(path, { method: 'POST', token: idToken, body: new FormData() });
    expect((await json(noFile)).error).toMatchObject({ code: 'request/invalid', field: 'file' });
    expect((await getApp(appId, idToken)).tools[0].imageUrl).toBeNull();
  });

  it('takes an image just under 10,000,000 bytes and refuses one of 10,000,000', async () => {
    const { idToken } = await builderOn('lite');
    const { appId, toolId } = await makeTool(server, idToken);
    const path = `/api/apps/${appId}/tools/${toolId}/image`;
    await expectError(
      await uploadFile(server, idToken, path, imageBytes('png', 10_000_000)),
      413,
      'upload/too-large',
      'File size to large',
    );
    const ok = await uploadFile(server, idToken, path, imageBytes('png', 9_999_999));
    expect(ok.status).toBe(200);
    const served = await server.request((await json(ok)).imageUrl);
    expect((await served.arrayBuffer()).byteLength).toBe(9_999_999);
  });

  it('stops reading an oversized upload as soon as it passes the limit', async () => {
    const { idToken } = await builderOn('lite');
    const { appId, toolId } = await makeTool(server, idToken);
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 50) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await server.request(`/api/apps/${appId}/tools/${toolId}/image`, {
      method: 'POST',
      token: idToken,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body,
      duplex: 'half',
    } as RequestInit);
    await expectError(res, 413, 'upload/too-large', 'File size to large');
    expect(sent).toBeLessThan(15);
  });

  it('refuses a declared length over the limit before reading the body', async () => {
    const { idToken } = await builderOn('lite');
    const { appId } = await makeTool(server, idToken);
    const res = await server.request(`/api/apps/${appId}/images?kind=logo`, {
      method: 'POST',
      token: idToken,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', 'content-length': '20000000' },
      body: 'x',
    });
    await expectError(res, 413, 'upload/too-large', 'File size to large');
  });
});

describe('style images and files', () => {
  it('stores a logo or a background under the app style and answers its URL', async () => {
    const { idToken, accountId } = await builderOn('lite');
    const { appId } = await makeTool(server, idToken);
    for (const kind of ['logo', 'background']) {
      const res = await uploadFile(server, idToken, `/api/apps/${appId}/images?kind=${kind}`, TINY_PNG);
      expect(res.status).toBe(200);
      const { url } = await json(res);
      expect(url).toMatch(
        new RegExp(`^/api/files/accounts/${accountId}/apps/${appId}/style/${kind}-[A-Za-z0-9]+\\.png$`),
      );
      expect((await server.request(url)).status).toBe(200);
    }
    for (const query of ['?kind=banner', '']) {
      const bad = await uploadFile(server, idToken, `/api/apps/${appId}/images${query}`, TINY_PNG);
      expect((await json(bad)).error).toMatchObject({ code: 'request/invalid', field: 'kind' });
    }
  });

  it('stores an image of a database image cell under the app (kind=data), for the owner only', async () => {
    const { idToken, accountId } = await builderOn('lite');
    const { appId } = await makeTool(server, idToken);
    const res = await uploadFile(server, idToken, `/api/apps/${appId}/images?kind=data`, TINY_PNG);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.url).toMatch(
      new RegExp(`^/api/files/accounts/${accountId}/apps/${appId}/data/image-[A-Za-z0-9]+\\.png$`),
    );
    expect(body.file_url).toBe(body.url);
    expect((await server.request(body.url)).status).toBe(200);
    const other = await builderOn('lite');
    const refused = await uploadFile(server, other.idToken, `/api/apps/${appId}/images?kind=data`, TINY_PNG);
    await expectError(refused, 404, 'app/not-found', 'App not found');
    const text = await uploadFile(
      server,
      idToken,
      `/api/apps/${appId}/images?kind=data`,
      new TextEncoder().encode('hello'),
    );
    expect((await json(text)).error.code).toBe('upload/not-image');
  });

  it('serves only uploaded images, and answers 404 for anything else', async () => {
    const { blobs } = server.platform;
    await blobs.put('accounts/abc/context/secret.txt', 'private', { contentType: 'text/plain' });
    await blobs.put('other/thing.png', TINY_PNG, { contentType: 'image/png' });
    for (const path of [
      '/api/files/accounts/abc/context/secret.txt',
      '/api/files/other/thing.png',
      '/api/files/accounts/abc/apps/def/style/logo-missing.png',
      '/api/files/accounts/abc/apps/def/style/../../context/secret.txt',
      '/api/files/accounts/abc/apps/def/style/%2e%2e/logo-x.png',
      '/api/files/',
    ]) {
      const res = await server.request(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(await res.text()).not.toContain('private');
    }
  });
});

// ---- templates -----------------------------------------------------------------------------------------------

describe('tool templates', () => {
  /** An admin's published template app: an active tool with a photo and a prompt, and a draft tool. */
  async function makeTemplate(settings: Record<string, unknown> = {}) {
    const appId = await makeGeneratedApp(server, adminToken);
    const live = await addTool(server, adminToken, appId, 'Cover letter', 'cover-letter');
    await send('PUT', `/api/apps/${appId}/tools/${live}`, adminToken, {
      header: 'Cover letter',
      gptPrompt: 'Write a cover letter for {{role}}',
      fields: [{ name: 'role', label: 'Role', required: true }],
    });
    const image = await json(
      await uploadFile(server, adminToken, `/api/apps/${appId}/tools/${live}/image`, TINY_PNG),
    );
    await post(`/api/apps/${appId}/tools/${live}/status`, adminToken, { status: 'active' });
    const draft = await addTool(server, adminToken, appId, 'Draft', 'draft');
    await post(`/api/apps/${appId}/publish`, adminToken);
    const res = await post(`/api/apps/${appId}/settings`, adminToken, {
      appSettings: {
        isToolTemplate: true,
        templateCategory: 'Careers',
        templateImageUrl: 'https://example.com/careers.png',
        templateDescription: 'Tools for job seekers',
        ...settings,
      },
    });
    expect(res.status).toBe(200);
    return { appId, live, draft, imageUrl: image.imageUrl as string };
  }

  it('lists published template apps with their active tools', async () => {
    const template = await makeTemplate({ isProTool: true });
    // published but not a template; a template not published
    const plain = await makeGeneratedApp(server, adminToken);
    await post(`/api/apps/${plain}/publish`, adminToken);
    const hidden = await makeGeneratedApp(server, adminToken);
    await post(`/api/apps/${hidden}/settings`, adminToken, { appSettings: { isToolTemplate: true } });

    const { idToken } = await builderOn('lite');
    const res = await server.request('/api/apps/templates', { token: idToken });
    expect(res.status).toBe(200);
    const list = (await json(res)) as unknown as Record<string, unknown>[];
    const ids = list.map((t) => t.appId);
    expect(ids).toContain(template.appId);
    expect(ids).not.toContain(plain);
    expect(ids).not.toContain(hidden);
    expect(list.find((t) => t.appId === template.appId)).toEqual({
      appId: template.appId,
      header: '',
      description: '',
      templateCategory: 'Careers',
      templateImageUrl: 'https://example.com/careers.png',
      templateDescription: 'Tools for job seekers',
      isProTool: true,
      tools: [
        { toolId: template.live, title: 'Cover letter', path: 'cover-letter', imageUrl: template.imageUrl },
      ],
    });
  });

  it('copies a template tool into a generated app as a draft on a free path, with its own photo', async () => {
    const template = await makeTemplate();
    const { idToken, accountId } = await builderOn('lite');
    const appId = await makeGeneratedApp(server, idToken);
    await addTool(server, idToken, appId, 'Mine', 'cover-letter');
    const copy = (body: Record<string, unknown>) =>
      post(`/api/apps/${appId}/tools/fromTemplate`, idToken, body);

    const res = await copy({ templateAppId: template.appId, toolId: template.live });
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toEqual({ toolId: expect.any(String), path: 'cover-letter-2' });
    expect((await json(await copy({ templateAppId: template.appId, toolId: template.live }))).path).toBe(
      'cover-letter-3',
    );

    const tool = (await getApp(appId, idToken)).tools.find(
      (t: { toolId: string }) => t.toolId === created.toolId,
    );
    expect(tool).toMatchObject({ title: 'Cover letter', status: 'draft', path: 'cover-letter-2' });
    expect(tool.app).toMatchObject({
      header: 'Cover letter',
      gptPrompt: 'Write a cover letter for {{role}}',
    });
    expect(tool.app.fields).toEqual([expect.objectContaining({ name: 'role', required: true })]);
    expect(tool.imageUrl).toMatch(
      new RegExp(`^/api/files/accounts/${accountId}/apps/${appId}/tools/${created.toolId}/`),
    );
    const photo = await server.request(tool.imageUrl);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(TINY_PNG);

    // the template keeps its own tool and photo
    const templateApp = await getApp(template.appId, adminToken);
    expect(templateApp.tools.map((t: { path: string }) => t.path)).toEqual(['cover-letter', 'draft']);
    expect((await server.request(template.imageUrl)).status).toBe(200);
  });

  it('copies only active tools of published templates, into generated apps, within the field rules', async () => {
    const template = await makeTemplate();
    const { idToken } = await builderOn('lite');
    const appId = await makeGeneratedApp(server, idToken);
    const copy = (target: string, body: Record<string, unknown>) =>
      post(`/api/apps/${target}/tools/fromTemplate`, idToken, body);

    await expectError(
      await copy(appId, { templateAppId: template.appId, toolId: template.draft }),
      404,
      'tool/not-found',
      'Tool not found',
    );
    const notTemplate = await makeTool(server, adminToken);
    await activateAndPublish(server, adminToken, notTemplate.appId, notTemplate.toolId);
    expect((await copy(appId, { templateAppId: notTemplate.appId, toolId: notTemplate.toolId })).status).toBe(
      404,
    );
    // the tool must belong to the template app named
    expect((await copy(appId, { templateAppId: template.appId, toolId: notTemplate.toolId })).status).toBe(
      404,
    );

    const toolApp = await makeTool(server, idToken);
    await expectError(
      await copy(toolApp.appId, { templateAppId: template.appId, toolId: template.live }),
      400,
      'tool/not-in-generated-app',
      'Tools can be added to generated apps only',
    );

    // a photo field stays on paid plans, even through a template
    await send('PUT', `/api/apps/${template.appId}/tools/${template.live}`, adminToken, {
      header: 'Cover letter',
      fields: [{ name: 'pic', label: 'Your photo', type: 'photo' }],
    });
    await expectError(
      await copy(appId, { templateAppId: template.appId, toolId: template.live }),
      403,
      'field/type-paid-only',
      'Photo fields are available on paid plans',
    );
    expect((await getApp(appId, idToken)).tools).toEqual([]);
  });
});
