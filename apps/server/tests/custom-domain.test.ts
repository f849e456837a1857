import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@buildai/server';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { activateAndPublish, expectError, json, makeTool, setPlan } from './helpers';

// the built web app's documents, small (static-files.test.ts checks how they are served)
const RUNTIME = `<!doctype html><html><head><script type="module" src="/assets/runtime-1.js"></script></head><body>app pages</body></html>`;
const INDEX = `<!doctype html><html><head></head><body>builder</body></html>`;
const LOGIN = `<!doctype html><html><head></head><body>sign-in</body></html>`;

let server: TestServer;
let admin: string;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'buildai-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  writeFileSync(path.join(webDist, 'runtime.html'), RUNTIME);
  writeFileSync(path.join(webDist, 'login.html'), LOGIN);
  writeFileSync(path.join(webDist, 'assets', 'runtime-1.js'), 'console.log(1)');
  server = await startTestServer({
    WEB_DIST: webDist,
    ADMIN_EMAILS: 'boss@example.com',
    PUBLIC_URL: 'https://build.example.net',
  });
  admin = (await signUpBuilder(server, 'boss@example.com')).idToken;
});
afterAll(() => server.close());

const saveSettings = (token: string, appId: string, appSettings: Record<string, unknown>) =>
  server.request(`/api/apps/${appId}/settings`, { method: 'POST', json: { appSettings }, token });
const onHost = (host: string, url: string) => server.request(url, { headers: { host }, redirect: 'manual' });

async function explorerApp(header = 'Recipe bot') {
  const builder = await signUpBuilder(server);
  await setPlan(server, admin, builder.email, 'explorer');
  const tool = await makeTool(server, builder.idToken, { header });
  return { token: builder.idToken, ...tool };
}

describe('custom domain setting', () => {
  it('is normalised to a host name, kept in apps.custom_domain, and unique among apps', async () => {
    const a = await explorerApp();
    const saved = await saveSettings(a.token, a.appId, {
      customDomain: '  HTTPS://Recipes.Example.COM:443/home ',
    });
    expect(saved.status).toBe(200);
    expect((await json(saved)).appSettings.customDomain).toBe('recipes.example.com');
    const column = async (appId: string) =>
      (
        await server.platform.db
          .select({ d: schema.apps.customDomain })
          .from(schema.apps)
          .where(eq(schema.apps.appId, appId))
      )[0]!.d;
    expect(await column(a.appId)).toBe('recipes.example.com');
    // saving it again is not a clash with itself
    expect((await saveSettings(a.token, a.appId, { customDomain: 'recipes.example.com' })).status).toBe(200);

    const b = await explorerApp('Other');
    await expectError(
      await saveSettings(b.token, b.appId, { customDomain: 'Recipes.example.com' }),
      409,
      'settings/domain-taken',
      'This domain is already used by another app',
      'appSettings.customDomain',
    );
    expect(await column(b.appId)).toBeNull();

    // released by the first app, it is free for the second
    expect((await saveSettings(a.token, a.appId, { customDomain: '' })).status).toBe(200);
    expect(await column(a.appId)).toBeNull();
    expect((await saveSettings(b.token, b.appId, { customDomain: 'recipes.example.com' })).status).toBe(200);
    expect(await column(b.appId)).toBe('recipes.example.com');
  });

  it('refuses what is not a domain name, and the product’s own address', async () => {
    const a = await explorerApp();
    for (const bad of [
      'localhost',
      '10.0.0.1',
      'no spaces.example.com',
      'a..example.com',
      '-x.example.com',
    ]) {
      const res = await saveSettings(a.token, a.appId, { customDomain: bad });
      expect(res.status, bad).toBe(400);
      expect((await json(res)).error.field, bad).toBe('appSettings.customDomain');
    }
    await expectError(
      await saveSettings(a.token, a.appId, { customDomain: 'build.example.net' }),
      400,
      'settings/domain-reserved',
      "This is the builder's own address, choose another domain for your app",
      'appSettings.customDomain',
    );
  });

  it('is a paid setting: a lite builder cannot set it', async () => {
    const lite = await signUpBuilder(server);
    const { appId } = await makeTool(server, lite.idToken);
    await expectError(
      await saveSettings(lite.idToken, appId, { customDomain: 'lite.example.com' }),
      403,
      'settings/locked',
      'Upgrade your plan to edit tool settings',
      'appSettings.customDomain',
    );
  });
});

describe('requests on a custom domain', () => {
  it("serve the app's public pages at / and its sign-in page at /login; the API keeps working", async () => {
    const a = await explorerApp();
    await activateAndPublish(server, a.token, a.appId, a.toolId);
    expect((await saveSettings(a.token, a.appId, { customDomain: 'bot.example.org' })).status).toBe(200);

    for (const [host, url] of [
      ['bot.example.org', '/'],
      ['BOT.Example.org:8443', '/'],
      ['bot.example.org', `/tool/${a.path}`],
      ['bot.example.org', '/Dashboard'],
    ] as const) {
      const res = await onHost(host, url);
      expect(res.status, `${host}${url}`).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      const html = await res.text();
      expect(html).toContain('app pages');
      expect(html).toContain(`<meta name="buildai-app-id" content="${a.appId}"></head>`);
    }

    const login = await onHost('bot.example.org', '/login?redirectTo=%2F');
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe(`/login?redirectTo=%2F&appId=${a.appId}`);
    const withApp = await onHost('bot.example.org', `/login?appId=${a.appId}`);
    expect(await withApp.text()).toContain('sign-in');
    // the product's own pages keep their meaning there: /app/{appId} and the emailed links
    expect(await (await onHost('bot.example.org', `/app/${a.appId}`)).text()).not.toContain('buildai-app-id');
    expect(await (await onHost('bot.example.org', '/auth/handler?mode=signIn')).text()).toContain('builder');
    // files and the API are what they are on any host
    expect(await (await onHost('bot.example.org', '/assets/runtime-1.js')).text()).toBe('console.log(1)');
    const api = await onHost('bot.example.org', `/api/apps/${a.appId}`);
    expect(api.status).toBe(200);
    expect((await json(api)).header).toBe('Recipe bot');
    expect((await onHost('bot.example.org', '/api/nope')).status).toBe(404);
  });

  it('let a page of the domain sign its users in there, and no other site', async () => {
    const a = await explorerApp('Signing');
    await activateAndPublish(server, a.token, a.appId, a.toolId);
    const links = {
      termsOfServiceLink: 'https://s.example.org/terms',
      privacyPolicyLink: 'https://s.example.org/privacy',
      supportEmail: 'help@s.example.org',
    };
    const settings = { customDomain: 'signing.example.org', isSignupEnabled: true, ...links };
    expect((await saveSettings(a.token, a.appId, settings)).status).toBe(200);
    // as a browser sends it over plain http: an Origin, no Sec-Fetch-Site
    const signUp = (host: string, origin: string) =>
      server.request('/api/live_api/auth/signUp', {
        method: 'POST',
        headers: { host, origin },
        json: { email: 'end@example.com', password: 'a long password 1', tenantId: a.appId },
      });
    const refused = 'auth/cross-site-request';
    const code = async (res: Response) => (await json(res)).error?.code as string | undefined;
    expect(await code(await signUp('signing.example.org:8080', 'http://evil.example.com'))).toBe(refused);
    expect(await code(await signUp('elsewhere.example.org', 'http://elsewhere.example.org'))).toBe(refused);
    // another app's domain may not post to this one's
    expect(await code(await signUp('signing.example.org', 'http://bot.example.org'))).toBe(refused);
    const ok = await signUp('signing.example.org:8080', 'http://signing.example.org:8080');
    expect(ok.status).toBe(200);
    expect((await json(ok)).idToken).toBeTruthy();
    // the emailed link opens on the app's domain, where the user's session is
    const mails = async () =>
      (await (await server.request('/api/dev/mail?to=end%40example.com')).json()) as { text: string }[];
    await vi.waitFor(async () => expect(await mails()).toHaveLength(1));
    const link = (await mails())[0]!.text.match(/https?:\/\/\S+/)![0];
    expect(link.startsWith('https://signing.example.org/auth/handler?mode=verifyEmail&')).toBe(true);
  });

  it('leave unknown hosts as they were, and follow a domain that moves at once', async () => {
    expect(await (await onHost('build.example.net', '/')).text()).toContain('builder');
    expect(await (await onHost('elsewhere.example.com', '/')).text()).toContain('builder');
    expect((await onHost('elsewhere.example.com', '/login')).status).toBe(200);

    const a = await explorerApp();
    expect((await saveSettings(a.token, a.appId, { customDomain: 'moving.example.org' })).status).toBe(200);
    expect(await (await onHost('moving.example.org', '/')).text()).toContain(a.appId);
    // the answer above is remembered; a settings save forgets it
    expect((await saveSettings(a.token, a.appId, { customDomain: 'moved.example.org' })).status).toBe(200);
    expect(await (await onHost('moving.example.org', '/')).text()).toContain('builder');
    expect(await (await onHost('moved.example.org', '/')).text()).toContain(a.appId);
  });
});
