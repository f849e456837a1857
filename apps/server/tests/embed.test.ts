import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { embedOriginMessage } from '@buildai/domain';
import { schema } from '@buildai/server';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { expectError, json, makeTool } from './helpers';

// the built web app's documents, small (static-files.test.ts checks how they are served)
const RUNTIME = `<!doctype html><html><head></head><body>app pages</body></html>`;
const INDEX = `<!doctype html><html><head></head><body>builder</body></html>`;
const LOGIN = `<!doctype html><html><head></head><body>sign-in</body></html>`;

let server: TestServer;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'buildai-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  writeFileSync(path.join(webDist, 'runtime.html'), RUNTIME);
  writeFileSync(path.join(webDist, 'login.html'), LOGIN);
  server = await startTestServer({ WEB_DIST: webDist });
});
afterAll(() => server.close());

const saveSettings = (token: string, appId: string, appSettings: Record<string, unknown>) =>
  server.request(`/api/apps/${appId}/settings`, { method: 'POST', json: { appSettings }, token });
const frameAncestors = (res: Response) =>
  /frame-ancestors ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

async function builderApp() {
  const builder = await signUpBuilder(server);
  const tool = await makeTool(server, builder.idToken, { header: 'Help desk' });
  return { token: builder.idToken, ...tool };
}

describe('the widget script (GET /embed.js)', () => {
  it('is a script other sites may load, revalidated by its ETag', async () => {
    const res = await server.request('/embed.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    // a script tag on another site is a cross-origin load: same-origin resource policy would block it
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    const script = await res.text();
    // it reads its own tag, asks for the assistant's face and opens the product's frame
    expect(script).toContain("getAttribute('data-app')");
    expect(script).toContain("'/api/apps/' + encodeURIComponent(appId) + '/assistant/info'");
    expect(script).toContain("'/embed/' + encodeURIComponent(appId)");
    // it keeps the visitor id the frame reports, for frames without storage of their own
    expect(script).toContain("data.type === 'buildai:visitor'");
    expect(script).toContain("'#visitor=' + known");
    expect(() => new Function(script)).not.toThrow();

    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    const again = await server.request('/embed.js', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await server.request('/embed.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
  });

  it('the assistant info it reads is open to any site', async () => {
    const { appId } = await builderApp();
    const res = await server.request(`/api/apps/${appId}/assistant/info`, {
      headers: { origin: 'https://shop.example.com' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    // no other API route is
    const app = await server.request(`/api/apps/${appId}`, {
      headers: { origin: 'https://shop.example.com' },
    });
    expect(app.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the widget frame (/embed/{appId})', () => {
  it('is the public pages’ document, framed by any site while the app lists no origins', async () => {
    const { appId } = await builderApp();
    const res = await server.request(`/embed/${appId}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(RUNTIME);
    expect(frameAncestors(res)).toBe('*');
    expect(res.headers.get('x-frame-options')).toBeNull();
    // the rest of the document policy is the product's
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self'");
  });

  it('is framed only by the listed origins (normalised) and the product once the builder lists some', async () => {
    const { token, appId } = await builderApp();
    const saved = await saveSettings(token, appId, {
      chatEmbedOrigins: ['https://Shop.Example.com/contact?x=1', 'http://localhost:3000/'],
    });
    expect(saved.status).toBe(200);
    expect((await json(saved)).appSettings.chatEmbedOrigins).toEqual([
      'https://shop.example.com',
      'http://localhost:3000',
    ]);
    const res = await server.request(`/embed/${appId}/`);
    expect(res.status).toBe(200);
    expect(frameAncestors(res)).toBe("'self' https://shop.example.com http://localhost:3000");
    expect(res.headers.get('x-frame-options')).toBeNull();

    // a revalidated document carries the same policy (the browser keeps the headers of a 304)
    const etag = res.headers.get('etag')!;
    const again = await server.request(`/embed/${appId}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(frameAncestors(again)).toBe("'self' https://shop.example.com http://localhost:3000");
    expect(again.headers.get('x-frame-options')).toBeNull();

    // emptied again: any site
    expect((await saveSettings(token, appId, { chatEmbedOrigins: [] })).status).toBe(200);
    expect(frameAncestors(await server.request(`/embed/${appId}`))).toBe('*');
  });

  it('tells the script whether the asking site may show it, so a site not allowed gets no broken box (issue 32, item 13)', async () => {
    const { token, appId } = await builderApp();
    const allowed = (origin?: string) =>
      server.request(`/embed-allowed/${appId}`, { headers: origin ? { origin } : {} }).then(async (res) => {
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
        return (await json(res)).allowed as boolean;
      });
    expect(await allowed('https://anywhere.example.org')).toBe(true);
    expect(
      (await saveSettings(token, appId, { chatEmbedOrigins: ['https://shop.example.com'] })).status,
    ).toBe(200);
    expect(await allowed('https://shop.example.com')).toBe(true);
    expect(await allowed('https://other.example.com')).toBe(false);
    expect(await allowed()).toBe(false);
    const script = await (await server.request('/embed.js')).text();
    expect(script).toContain("'/embed-allowed/' + encodeURIComponent(appId)");
    expect(script).toContain('is not one of the sites allowed to show the assistant of app');
    expect(() => new Function(script)).not.toThrow();
  });

  it('refuses an origin that is not one, naming the field, and keeps the list as it was', async () => {
    const { token, appId } = await builderApp();
    expect((await saveSettings(token, appId, { chatEmbedOrigins: ['https://a.example.com'] })).status).toBe(
      200,
    );
    await expectError(
      await saveSettings(token, appId, {
        chatEmbedOrigins: ['https://ok.example.com', 'ftp://files.example.com'],
      }),
      400,
      'request/invalid',
      `appSettings.chatEmbedOrigins.1: ${embedOriginMessage}`,
      'appSettings.chatEmbedOrigins.1',
    );
    expect(frameAncestors(await server.request(`/embed/${appId}`))).toBe("'self' https://a.example.com");
  });

  it('a stored list that no longer reads as a whole keeps its good entries, never every site', async () => {
    const { appId } = await builderApp();
    const [row] = await server.platform.db
      .select({ appSettings: schema.apps.appSettings })
      .from(schema.apps)
      .where(eq(schema.apps.appId, appId));
    await server.platform.db
      .update(schema.apps)
      .set({
        appSettings: {
          ...row!.appSettings,
          chatEmbedOrigins: ['https://shop.example.com', 'ftp://old.example.com', 42],
        },
      })
      .where(eq(schema.apps.appId, appId));
    expect(frameAncestors(await server.request(`/embed/${appId}`))).toBe("'self' https://shop.example.com");
  });

  it('an unknown app’s frame, and an id the product never issues, are framed by the product only', async () => {
    for (const id of ['app_doesnotexist123', '%00x', 'a%2Fb']) {
      const res = await server.request(`/embed/${id}`);
      expect(res.status).toBe(200);
      expect(frameAncestors(res)).toBe("'self'");
    }
  });

  it('every other document keeps the product-only framing', async () => {
    const { appId } = await builderApp();
    for (const p of [`/app/${appId}`, `/app/${appId}/chat`, '/home', '/login', `/embed/${appId}/more`]) {
      const res = await server.request(p);
      expect(res.status).toBe(200);
      expect(frameAncestors(res)).toBe("'self'");
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });
});
