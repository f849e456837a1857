import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@buildai/server';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { activateAndPublish, makeTool } from './helpers';
import { newApp, putEntity, recordsUrl } from './entities-helpers';

// the public pages' document, small (static-files.test.ts checks how documents are served)
const RUNTIME = `<!doctype html><html><head><title>App</title></head><body>app pages</body></html>`;

let server: TestServer;
let token: string;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'buildai-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head></head><body>builder</body></html>',
  );
  writeFileSync(path.join(webDist, 'runtime.html'), RUNTIME);
  server = await startTestServer({ WEB_DIST: webDist });
  token = (await signUpBuilder(server)).idToken;
});
afterAll(() => server.close());

const publish = (appId: string, header: string) =>
  server.platform.db
    .update(schema.apps)
    .set({ isPublished: true, header })
    .where(eq(schema.apps.appId, appId));

async function addRecord(appId: string, entity: string, fields: Record<string, unknown>): Promise<string> {
  const res = await server.request(recordsUrl(appId, entity), { method: 'POST', token, json: { fields } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('item pages: the document carries the link preview of what a visitor may read (issue 32, item 29)', () => {
  it('names a publicly readable record of a published app, and nothing else', async () => {
    const appId = await newApp(server, token);
    await putEntity(server, token, appId, 'Recipe', {
      properties: { title: { type: 'string' }, summary: { type: 'string' }, photo: { type: 'string' } },
      'x-accessControl': { permissions: { read: 'anonymous', write: 'creator' } },
    });
    await putEntity(server, token, appId, 'Secret', {
      properties: { title: { type: 'string' } },
      'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
    });
    const recipe = await addRecord(appId, 'Recipe', {
      title: 'Lemon <tart>',
      summary: 'A sharp, "bright" tart for summer evenings.',
      photo: 'https://images.example.com/tart.jpg',
    });
    const secret = await addRecord(appId, 'Secret', { title: 'The safe code' });

    // not published yet: no preview
    const before = await (await server.request(`/app/${appId}/item/Recipe/${recipe}`)).text();
    expect(before).not.toContain('og:title');

    await publish(appId, 'Family cookbook');
    const res = await server.request(`/app/${appId}/item/Recipe/${recipe}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<meta property="og:title" content="Lemon &lt;tart&gt; · Family cookbook">');
    expect(html).toContain(
      '<meta property="og:description" content="A sharp, &quot;bright&quot; tart for summer evenings.">',
    );
    expect(html).toContain('<meta property="og:image" content="https://images.example.com/tart.jpg">');
    expect(html).toContain(
      `<meta property="og:url" content="http://localhost/app/${appId}/item/Recipe/${recipe}">`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('app pages');

    // a record the visitor may not read, one that does not exist, another path: the plain document
    for (const url of [
      `/app/${appId}/item/Secret/${secret}`,
      `/app/${appId}/item/Recipe/nope`,
      `/app/${appId}/item/Nope/${recipe}`,
      `/app/${appId}`,
    ]) {
      const page = await (await server.request(url)).text();
      expect(page, url).toBe(RUNTIME);
    }
  });
});

describe('short tool links on the product host: /tool/{path} (issue 32, item 29)', () => {
  it('answers the published apps with an active tool at that path, newest first, and none for a draft', async () => {
    const first = await makeTool(server, token, { header: 'Poem maker' });
    await activateAndPublish(server, token, first.appId, first.toolId);
    const links = await server.request(`/api/tool-links/${first.path}`);
    expect(links.status).toBe(200);
    const body = (await links.json()) as { apps: { appId: string; toolTitle: string; customDomain: null }[] };
    expect(body.apps).toEqual([
      expect.objectContaining({ appId: first.appId, customDomain: null, toolTitle: expect.any(String) }),
    ]);

    const draft = await makeTool(server, token, { header: 'Draft only' });
    expect(await (await server.request(`/api/tool-links/${draft.path}`)).json()).toEqual({ apps: [] });
    expect((await server.request('/api/tool-links/not%20a%20path')).status).toBe(404);
  });
});
