import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_SETTINGS } from '@buildai/domain';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { activateAndPublish, json, makeTool } from './helpers';

let server: TestServer;
let token: string;
// One server per file; each test works as a new builder, so tests do not see each other's apps.
beforeAll(async () => {
  server = await startTestServer();
});
beforeEach(async () => {
  token = (await signUpBuilder(server)).idToken;
});
afterAll(() => server.close());

const post = (path: string, body?: unknown, t: string | null = token) =>
  server.request(path, { method: 'POST', token: t ?? undefined, json: body });

describe('tool apps', () => {
  it('creates a tool app with one draft tool', async () => {
    const res = await post('/api/apps/new', { kind: 'tool' });
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toMatchObject({ appType: 'tool' });
    expect(created.path).toMatch(/^[a-z0-9-]+$/);
    const app = await json(await server.request(`/api/apps/${created.appId}`, { token }));
    expect(app.isOwner).toBe(true);
    expect(app.isPublished).toBe(false);
    expect(app.tools).toHaveLength(1);
    expect(app.tools[0]).toMatchObject({
      toolId: created.toolId,
      path: created.path,
      status: 'draft',
      title: '',
    });
  });

  it('saves the definition, activates, publishes, and lists the app', async () => {
    const { appId, toolId } = await makeTool(server, token);
    const owner = await json(await server.request(`/api/apps/${appId}`, { token }));
    expect(owner.header).toBe('Slogan maker');
    expect(owner.tools[0].title).toBe('Slogan maker');
    expect(owner.tools[0].app.gptPrompt).toBe('Write a slogan about {{topic}}.');
    expect(owner.tools[0].app.fields[0]).toMatchObject({ name: 'topic', label: 'Topic', required: true });

    await activateAndPublish(server, token, appId, toolId);
    const published = await json(await server.request(`/api/apps/${appId}`, { token }));
    expect(published.isPublished).toBe(true);
    expect(published.publishedAt).toBeTruthy();
    expect(published.tools[0].status).toBe('active');

    const list = await json(await server.request('/api/apps', { token }));
    expect(list.apps).toEqual([
      expect.objectContaining({ appId, header: 'Slogan maker', isPublished: true, toolCount: 1 }),
    ]);
    const account = await json(await server.request('/api/live_api/account/current', { token }));
    expect(account).toMatchObject({ appId, appHeader: 'Slogan maker' });
  });

  it('refuses to activate a tool without a header', async () => {
    const { appId, toolId } = await json(await post('/api/apps/new', { kind: 'tool' }));
    const res = await post(`/api/apps/${appId}/tools/${toolId}/status`, { status: 'active' });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe('Your tool should have a header before it is activated');
    const app = await json(await server.request(`/api/apps/${appId}`, { token }));
    expect(app.tools[0].status).toBe('draft');
  });

  it('shows the public only a published app, its active tools, and never the prompt', async () => {
    const { appId, toolId } = await makeTool(server, token);
    expect((await server.request(`/api/apps/${appId}`)).status).toBe(404);
    await post(`/api/apps/${appId}/publish`);
    const noActive = await json(await server.request(`/api/apps/${appId}`));
    expect(noActive.tools).toEqual([]);
    await post(`/api/apps/${appId}/tools/${toolId}/status`, { status: 'active' });
    const pub = await json(await server.request(`/api/apps/${appId}`));
    expect(pub.isOwner).toBe(false);
    expect(pub.tools).toHaveLength(1);
    expect(pub.tools[0].app.gptPrompt).toBeUndefined();
    expect(JSON.stringify(pub)).not.toContain('Write a slogan');
    // the public reads only the public settings, in their order, each with its default filled in
    expect(Object.keys(pub.appSettings)).toEqual([...PUBLIC_SETTINGS]);
    expect(pub.appSettings).toMatchObject({ isSignupEnabled: false, supportEmail: '', dailyUserLimit: null });
    const own = await json(await server.request(`/api/apps/${appId}`, { token }));
    expect(Object.keys(own.appSettings)).toEqual(expect.arrayContaining(['aiModel', 'customDomain']));
  });

  it.each([
    [{ name: 'input', label: 'Input' }, 'Input is a reserved field name, try another name'],
    [{ name: 'other', label: 'topic' }, 'Field already exists'],
  ])('refuses field %j and keeps what was saved', async (extra, message) => {
    const { appId } = await makeTool(server, token);
    const res = await post('/api/apps', {
      appType: 'tool',
      appId,
      app: {
        header: 'Changed',
        gptPrompt: 'x',
        fields: [{ name: 'topic', label: 'Topic' }, extra],
      },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(message);
    const app = await json(await server.request(`/api/apps/${appId}`, { token }));
    expect(app.header).toBe('Slogan maker');
    expect(app.tools[0].app.fields).toHaveLength(1);
  });

  it('answers 400 with the field for a malformed body', async () => {
    const bad = await post('/api/apps/new', { kind: 'spaceship' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.field).toBe('kind');
    const notJson = await server.request('/api/apps/new', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    });
    expect(notJson.status).toBe(400);
    expect((await json(notJson)).error.message).toBe('The request body is not valid JSON');
  });

  it("answers 404 for every call on another builder's app and changes nothing", async () => {
    const { appId, toolId } = await makeTool(server, token);
    const other = (await signUpBuilder(server)).idToken;
    expect((await server.request(`/api/apps/${appId}`, { token: other })).status).toBe(404);
    const save = await post('/api/apps', { appType: 'tool', appId, app: { header: 'Hijacked' } }, other);
    expect(save.status).toBe(404);
    expect(
      (await post(`/api/apps/${appId}/tools/${toolId}/status`, { status: 'active' }, other)).status,
    ).toBe(404);
    expect((await post(`/api/apps/${appId}/publish`, undefined, other)).status).toBe(404);
    expect((await json(await server.request('/api/apps', { token: other }))).apps).toEqual([]);
    const app = await json(await server.request(`/api/apps/${appId}`, { token }));
    expect(app).toMatchObject({ header: 'Slogan maker', isPublished: false });
    expect(app.tools[0].status).toBe('draft');
  });

  it('needs a signed-in builder to create or save', async () => {
    expect((await post('/api/apps/new', { kind: 'tool' }, null)).status).toBe(401);
    expect((await post('/api/apps', { appType: 'tool', appId: 'x', app: {} }, null)).status).toBe(401);
  });
});
