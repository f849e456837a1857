import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { bundleApp, signPreviewToken } from '../src/features/space-runtime';
import { eq } from 'drizzle-orm';
import { appPackages } from '@buildai/domain';
import { schema } from '@buildai/server';
import { json } from './helpers';

let server: TestServer;
let admin: { idToken: string };
// the files are written through the code editor's route, which is for admins (spec 000 §2)
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'runtime-admin@example.com' });
  admin = await signUpBuilder(server, 'runtime-admin@example.com');
}, 60_000);
afterAll(() => server.close());

const SANDBOX = 'sandbox allow-scripts allow-forms allow-popups';

const home = (text: string) => `import { Button, Card, Stack } from '@buildai/app-ui';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { Hero } from '../components/Hero';
export default function Home() {
  const [n, setN] = useState(0);
  return <Stack><Hero title=${JSON.stringify(text)} /><Card><Button onClick={() => setN(n + 1)}><Star />{n}</Button></Card></Stack>;
}
`;
// the path data of three icons (lucide-react's dist/esm/icons/{star,heart,check}.mjs)
const STAR_PATH = 'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679';
const HEART_PATH = 'M2 9.5a5.5 5.5 0 0 1 9.591-3.676';
const CHECK_PATH = 'M20 6 9 17l-5-5';
const hero = `export function Hero({ title }: { title: string }) { return <h1>{title}</h1>; }\n`;

/** A new space app of the admin builder, with exactly these current files. */
async function spaceApp(files: Record<string, string>) {
  const created = await json(
    await server.request('/api/apps/new', { method: 'POST', token: admin.idToken, json: { kind: 'space' } }),
  );
  await writeFiles(created.appId, files);
  return { appId: created.appId as string, token: admin.idToken };
}

/** Makes the app's current files exactly `files`, through PUT and DELETE /api/apps/{appId}/files/{path}. */
async function writeFiles(appId: string, files: Record<string, string>) {
  const token = admin.idToken;
  const current = await json(await server.request(`/api/apps/${appId}/files`, { token }));
  for (const { path } of current.files as { path: string }[]) {
    if (path in files) continue;
    const res = await server.request(`/api/apps/${appId}/files/${path}`, { method: 'DELETE', token });
    expect(res.status).toBe(200);
  }
  for (const [path, content] of Object.entries(files)) {
    const res = await server.request(`/api/apps/${appId}/files/${path}`, {
      method: 'PUT',
      token,
      json: { content },
    });
    expect(res.status).toBe(200);
  }
}

async function previewUrl(appId: string, token: string) {
  const res = await server.request(`/api/apps/${appId}/preview-token`, { method: 'POST', token });
  expect(res.status).toBe(200);
  const body = await json(res);
  const url = new URL(body.url);
  expect(url.origin).toBe(server.appOrigin);
  expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now());
  return `${url.pathname}${url.search}`;
}

const publish = async (appId: string, token: string) =>
  expect((await server.request(`/api/apps/${appId}/publish`, { method: 'POST', token })).status).toBe(200);

describe('bundling', () => {
  it('bundles pages and components with React and the kit left to the shared runtime', async () => {
    const built = await bundleApp([
      { path: 'pages/Home.tsx', content: home('Hello') },
      { path: 'components/Hero.tsx', content: hero },
    ]);
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.code).toContain('"Hello"');
    expect(built.code).toContain('__buildaiModules["@buildai/app-ui"]');
    expect(built.code).toContain('__buildaiModules["lucide-react/createLucideIcon"]');
    expect(built.code).toContain('__buildaiApp');
    // React itself is not in the app's bundle
    expect(built.code).not.toContain('react.production');
    expect(built.code.length).toBeLessThan(8000);
  });

  it('puts in an app bundle the icons it imports and no others, and none in the shared runtime', async () => {
    const built = await bundleApp([
      {
        path: 'pages/Home.tsx',
        content: `import { Heart, Star as Rating } from 'lucide-react';
import { Card } from '../components/Card';
// a Check mark would do too, but a word in a comment imports nothing
export default () => <Card><Rating /><Heart />{'Check'}</Card>;
`,
      },
      {
        path: 'components/Card.tsx',
        content: 'export const Card = (p: { children: unknown }) => <div>{p.children as never}</div>;\n',
      },
    ]);
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    // each icon's file once (its license notice names it again at the end of the bundle)
    const iconFiles = new Set(
      [...built.code.matchAll(/lucide-react\/dist\/esm\/icons\/([a-z0-9-]+)\.mjs/g)].map((m) => m[1]),
    );
    expect([...iconFiles].sort()).toEqual(['heart', 'star']);
    expect(built.code).toContain(STAR_PATH);
    expect(built.code).toContain(HEART_PATH);
    expect(built.code).not.toContain(CHECK_PATH);
    // the icon factory is shared, not bundled again with each app
    expect(built.code).toContain('__buildaiModules["lucide-react/createLucideIcon"]');
    const runtime = (await server.services.appBundler.shared.set([])).code.toString();
    expect(runtime).not.toContain(STAR_PATH);
    expect(runtime).not.toContain(CHECK_PATH);
  });

  it('reports an icon lucide-react does not have as a build error, with the nearest name', async () => {
    const built = await bundleApp([
      {
        path: 'pages/Home.tsx',
        content: `import { Star, Hart, Qwxzv } from 'lucide-react';\nexport default () => <p><Star /><Hart /><Qwxzv /></p>;\n`,
      },
    ]);
    expect(built).toEqual({
      ok: false,
      errors: [
        {
          file: 'pages/Home.tsx',
          line: 1,
          column: 16,
          importPath: 'lucide-react',
          message: '"Hart" is not an icon of lucide-react (did you mean "Heart"?)',
        },
        {
          file: 'pages/Home.tsx',
          line: 1,
          column: 22,
          importPath: 'lucide-react',
          message: '"Qwxzv" is not an icon of lucide-react',
        },
      ],
    });
    const all = await bundleApp([
      {
        path: 'pages/Home.tsx',
        content: `import { icons } from 'lucide-react';\nexport default () => <p>{Object.keys(icons).length}</p>;\n`,
      },
    ]);
    expect(all).toMatchObject({
      ok: false,
      errors: [
        {
          file: 'pages/Home.tsx',
          importPath: 'lucide-react',
          message: `"icons" of lucide-react is not available in an app: import each icon by its name, as in import { Star } from 'lucide-react'`,
        },
      ],
    });
  });

  it('refuses an import outside the allowlist as a build error naming it', async () => {
    const built = await bundleApp([
      {
        path: 'pages/Home.tsx',
        content: `import axios from 'axios';\nexport default () => <p>{String(axios)}</p>;\n`,
      },
    ]);
    expect(built).toEqual({
      ok: false,
      errors: [
        {
          file: 'pages/Home.tsx',
          line: 1,
          column: 19,
          importPath: 'axios',
          message: `"axios" cannot be imported: an app may import its own files and these packages: ${appPackages.join(', ')}`,
        },
      ],
    });
  });

  it('reports a syntax error with its file and line, and a missing file of the app', async () => {
    const syntax = await bundleApp([
      {
        path: 'pages/Home.tsx',
        content: 'export default function Home() {\n  const x = ;\n  return <p>{x}</p>;\n}\n',
      },
    ]);
    expect(syntax.ok).toBe(false);
    if (syntax.ok) return;
    expect(syntax.errors[0]).toMatchObject({ file: 'pages/Home.tsx', line: 2, column: 13 });
    const missing = await bundleApp([
      { path: 'pages/Home.tsx', content: "import { X } from '../components/Nope';\nexport default X;\n" },
    ]);
    expect(missing).toMatchObject({
      ok: false,
      errors: [{ file: 'pages/Home.tsx', line: 1, importPath: '../components/Nope' }],
    });
  });

  it('builds a file set once: the same files again come from the cache', async () => {
    const files = { 'pages/Home.tsx': home(`Cached ${Date.now()}`), 'components/Hero.tsx': hero };
    const { appId, token } = await spaceApp(files);
    const path = await previewUrl(appId, token);
    const bundler = server.services.appBundler;
    const before = bundler.misses;
    expect((await server.appRequest(path)).status).toBe(200);
    expect(bundler.misses).toBe(before + 1);
    expect((await server.appRequest(await previewUrl(appId, token))).status).toBe(200);
    expect(bundler.misses).toBe(before + 1);
    await writeFiles(appId, { ...files, 'components/Hero.tsx': hero.replace('h1', 'h2') });
    expect((await server.appRequest(path)).status).toBe(200);
    expect(bundler.misses).toBe(before + 2);
  });
});

describe('app documents', () => {
  it('serves the published files at /apps/{appId}/ and the current ones in the preview', async () => {
    const { appId, token } = await spaceApp({
      'pages/Home.tsx': home('Version one'),
      'components/Hero.tsx': hero,
    });
    // not published yet: visitors find nothing
    expect((await server.appRequest(`/apps/${appId}/`)).status).toBe(404);
    await publish(appId, token);
    await writeFiles(appId, { 'pages/Home.tsx': home('Version two'), 'components/Hero.tsx': hero });

    const published = await server.appRequest(`/apps/${appId}/`);
    expect(published.status).toBe(200);
    const html = await published.text();
    expect(html).toContain('"Version one"');
    expect(html).not.toContain('"Version two"');
    expect(html).toMatch(/<script nonce="[^"]+" src="\/apps\/_runtime\/[0-9a-f]{16}\.js\?g=core"><\/script>/);
    expect(html).toContain(`"appId":"${appId}","mainPage":"Home"`);

    const preview = await (await server.appRequest(await previewUrl(appId, token))).text();
    expect(preview).toContain('"Version two"');

    // publishing again brings the current files to visitors
    await publish(appId, token);
    expect(await (await server.appRequest(`/apps/${appId}/`)).text()).toContain('"Version two"');
  });

  it('opens on the mainPage setting and shows build errors instead of a blank page', async () => {
    const { appId, token } = await spaceApp({
      'pages/Home.tsx': 'export default () => <p>home</p>;\n',
      'pages/Pricing.tsx': "import lodash from 'lodash';\nexport default () => <p>{lodash}</p>;\n",
    });
    const settings = await server.request(`/api/apps/${appId}/settings`, {
      method: 'POST',
      token,
      json: { appSettings: { mainPage: 'Pricing' } },
    });
    expect(settings.status).toBe(200);
    const html = await (await server.appRequest(await previewUrl(appId, token))).text();
    expect(html).toContain('__buildaiRuntime.showBuildErrors(');
    expect(html).toContain('Build error in pages/Pricing.tsx:1:20: \\"lodash\\" cannot be imported');
    await writeFiles(appId, {
      'pages/Home.tsx': 'export default () => <p>home</p>;\n',
      'pages/Pricing.tsx': 'export default () => <p>$9</p>;\n',
    });
    expect(await (await server.appRequest(await previewUrl(appId, token))).text()).toContain(
      '"mainPage":"Pricing"',
    );
  });

  it("serves the document's shared modules, whatever groups the app reads, compressed as the browser asks", async () => {
    const { appId, token } = await spaceApp({
      'App.tsx': `import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { motion } from "framer-motion";
export default function App() { return <Dialog><DialogTrigger>Open</DialogTrigger><DialogContent><motion.p>Hi</motion.p></DialogContent></Dialog>; }
`,
    });
    await publish(appId, token);
    const html = await (await server.appRequest(`/apps/${appId}/`)).text();
    const src = /src="(\/apps\/_runtime\/[0-9a-f]{16}\.js\?g=([a-z0-9,-]+))"/.exec(html)!;
    const groups = src[2]!.split(',');
    expect(groups[0]).toBe('core');
    expect(groups).toEqual(expect.arrayContaining(['radix-dialog', 'radix-primitive', 'motion']));
    // each group after those it reads
    expect(groups.indexOf('radix-primitive')).toBeLessThan(groups.indexOf('radix-dialog'));
    const script = await server.appRequest(src[1]!, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-encoding')).toBe('br');
    const plain = await (await server.appRequest(src[1]!)).text();
    expect(plain).toContain('"@radix-ui/react-dialog"');
    expect(plain).toContain('"framer-motion"');
    // a list whose script is not the one the hash names is not served
    const other = src[1]!.replace(src[2]!, groups.filter((g) => g !== 'motion').join(','));
    expect((await server.appRequest(other)).status).toBe(404);
    expect((await server.appRequest(src[1]!.replace(src[2]!, 'core,no-such-group'))).status).toBe(404);
  });

  it('shows visitors a plain page, never build errors, when the published files do not build', async () => {
    const { appId, token } = await spaceApp({ 'pages/Home.tsx': 'export default () => <p>fine</p>;\n' });
    await publish(appId, token);
    // files published before a package left the runtime: what was published no longer builds
    await server.platform.db
      .update(schema.appPublishedFiles)
      .set({ content: "import gone from 'left-pad';\nexport default () => <p>{gone}</p>;\n" })
      .where(eq(schema.appPublishedFiles.appId, appId));
    const res = await server.appRequest(`/apps/${appId}/`);
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain('This app is being updated');
    expect(html).not.toContain('left-pad');
    expect(html).not.toContain('<script');
    // the builder's preview (the current files) is served as it was
    expect(await (await server.appRequest(await previewUrl(appId, token))).text()).toContain('"fine"');
  });

  it('puts the sandbox CSP and nosniff on every answer of the app origin', async () => {
    const { appId, token } = await spaceApp({ 'pages/Home.tsx': 'export default () => <p>csp</p>;\n' });
    await publish(appId, token);
    const document = await server.appRequest(`/apps/${appId}/`);
    const runtimePath = /src="(\/apps\/_runtime\/[0-9a-f]+\.js\?g=[a-z0-9,-]+)"/.exec(
      await document.clone().text(),
    )![1]!;
    const answers = [
      document,
      await server.appRequest(await previewUrl(appId, token)),
      await server.appRequest(runtimePath),
      await server.appRequest(`/apps/${appId}/preview`),
      await server.appRequest('/apps/_runtime/0000000000000000.js'),
      await server.appRequest('/apps/no-such-app/'),
      await server.appRequest('/api/health'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 401, 404, 404, 404]);
    for (const res of answers) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp.startsWith(SANDBOX)).toBe(true);
      expect(csp).not.toContain('allow-same-origin');
      expect(csp).toMatch(/script-src '(nonce-[^']+|none)'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const runtime = answers[2]!;
    expect(runtime.headers.get('content-type')).toContain('text/javascript');
    expect(runtime.headers.get('cache-control')).toContain('immutable');
    // the document's nonce is the one its scripts carry
    const nonce = /'nonce-([^']+)'/.exec(document.headers.get('content-security-policy')!)![1]!;
    expect(await document.text()).toContain(`<script nonce="${nonce}"`);
  });

  it('keeps the two origins apart: no app document on the product, nothing of the product on the app origin', async () => {
    const { appId, token } = await spaceApp({ 'pages/Home.tsx': 'export default () => <p>apart</p>;\n' });
    await publish(appId, token);
    const onProduct = await server.request(`/apps/${appId}/`);
    expect(onProduct.status).toBe(404);
    expect(await onProduct.text()).not.toContain('__buildaiRuntime');
    expect((await server.request(`/apps/${appId}/preview?token=x`)).status).toBe(404);
    for (const path of ['/', '/api/health', `/api/apps/${appId}`, '/api/openapi.json', `/app/${appId}`]) {
      const res = await server.appRequest(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('The app origin serves apps only.');
    }
  });

  it('names the app origin and the published document in GET /api/apps/{appId}', async () => {
    const { appId, token } = await spaceApp({ 'pages/Home.tsx': 'export default () => <p>x</p>;\n' });
    const draft = await json(await server.request(`/api/apps/${appId}`, { token }));
    expect(draft.spaceApp).toEqual({ appOrigin: server.appOrigin, documentUrl: null });
    await publish(appId, token);
    const visitor = await json(await server.request(`/api/apps/${appId}`));
    expect(visitor.spaceApp).toEqual({
      appOrigin: server.appOrigin,
      documentUrl: `${server.appOrigin}/apps/${appId}/`,
    });
  });
});

describe('the preview bundle a frame swaps in', () => {
  const bundleUrl = (preview: string) => preview.replace('/preview?', '/preview/bundle.js?');

  it("answers the owner's current bundle with the document's link, the same shared modules and its stylesheet", async () => {
    const { appId, token } = await spaceApp({
      'src/App.tsx': 'export default () => <p className="text-emerald-600">First words</p>;\n',
    });
    const preview = await previewUrl(appId, token);
    const html = await (await server.appRequest(preview)).text();
    const runtime = /src="(\/apps\/_runtime\/[^"]+)"/.exec(html)![1]!;
    expect(html).toContain(`"runtime":"${runtime}"`);
    expect(html).toContain('<style id="bai-app-css">');

    await writeFiles(appId, {
      'src/App.tsx': 'export default () => <p className="text-rose-700">Second words</p>;\n',
    });
    const res = await server.appRequest(bundleUrl(preview));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain(SANDBOX);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const script = await res.text();
    // the runtime's swap, with the same shared script as the document's, the new stylesheet and the new code
    const meta = /^__buildaiRuntime\.swap\((\{.*?\}), function \(\) \{\n/s.exec(script);
    expect(meta).not.toBeNull();
    const bundle = JSON.parse(meta![1]!) as Record<string, unknown>;
    expect(bundle).toMatchObject({ runtime, kit: false, mainPage: 'Home', dark: false });
    expect(bundle.css).toContain('.text-rose-700');
    expect(script).toContain('Second words');
    expect(script).not.toContain('First words');

    // a package of another group: another shared script, which the frame compares with its own
    await writeFiles(appId, {
      'src/App.tsx':
        'import { motion } from "framer-motion";\nexport default () => <motion.p>Moving</motion.p>;\n',
    });
    const moved = JSON.parse(
      /^__buildaiRuntime\.swap\((\{.*?\}), function/s.exec(
        await (await server.appRequest(bundleUrl(preview))).text(),
      )![1]!,
    ) as { runtime: string };
    expect(moved.runtime).not.toBe(runtime);
    expect(moved.runtime).toMatch(/g=core,motion$/);

    // a build that fails hands the runtime nothing to run: the frame loads again and shows the errors
    await writeFiles(appId, { 'src/App.tsx': 'export default () => <p>{</p>;\n' });
    expect(await (await server.appRequest(bundleUrl(preview))).text()).toBe('__buildaiRuntime.swap(null);\n');
  });

  it("opens only with a valid link for that app: never without one, with another app's, or for another app", async () => {
    const a = await spaceApp({ 'pages/Home.tsx': 'export default () => <p>a</p>;\n' });
    const b = await spaceApp({ 'pages/Home.tsx': 'export default () => <p>b</p>;\n' });
    const tokenA = new URL(await previewUrl(a.appId, a.token), server.appOrigin).searchParams.get('token')!;
    const missing = await server.appRequest(`/apps/${a.appId}/preview/bundle.js`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toContain('text/html');
    expect(await missing.text()).not.toContain('__buildaiRuntime');
    expect((await server.appRequest(`/apps/${a.appId}/preview/bundle.js?token=${tokenA}x`)).status).toBe(401);
    // an access token is not a preview token
    expect((await server.appRequest(`/apps/${a.appId}/preview/bundle.js?token=${a.token}`)).status).toBe(401);
    const { signingKey } = server.services.identity;
    const expired = await signPreviewToken({ signingKey, appId: a.appId, now: Date.now() - 11 * 60 * 1000 });
    expect(
      (await server.appRequest(`/apps/${a.appId}/preview/bundle.js?token=${expired.token}`)).status,
    ).toBe(401);
    // a's link opens nothing of b
    const other = await server.appRequest(`/apps/${b.appId}/preview/bundle.js?token=${tokenA}`);
    expect(other.status).toBe(403);
    expect(await other.text()).not.toContain('<p>b</p>');
    // an app that does not exist, a tool app and a malformed id are not found
    const ghost = await signPreviewToken({ signingKey, appId: 'ghostapp000000000000' });
    expect(
      (await server.appRequest(`/apps/ghostapp000000000000/preview/bundle.js?token=${ghost.token}`)).status,
    ).toBe(404);
    const tool = await json(
      await server.request('/api/apps/new', { method: 'POST', token: a.token, json: { kind: 'tool' } }),
    );
    const toolToken = await signPreviewToken({ signingKey, appId: tool.appId });
    expect(
      (await server.appRequest(`/apps/${tool.appId}/preview/bundle.js?token=${toolToken.token}`)).status,
    ).toBe(404);
    expect((await server.appRequest(`/apps/not%20an%20id/preview/bundle.js?token=${tokenA}`)).status).toBe(
      404,
    );
    // only the owner gets a link in the first place: another builder's request is not found
    const stranger = await signUpBuilder(server);
    expect(
      (
        await server.request(`/api/apps/${a.appId}/preview-token`, {
          method: 'POST',
          token: stranger.idToken,
        })
      ).status,
    ).toBe(404);
    // the published app has no bundle route of its own
    expect((await server.appRequest(`/apps/${a.appId}/bundle.js`)).status).toBe(404);
    expect((await server.appRequest(`/apps/${a.appId}/preview/bundle.js?token=${tokenA}`)).status).toBe(200);
  });
});

describe('preview tokens', () => {
  it('refuses a missing, forged, expired or other app token, and an unknown app', async () => {
    const a = await spaceApp({ 'pages/Home.tsx': 'export default () => <p>a</p>;\n' });
    const b = await spaceApp({ 'pages/Home.tsx': 'export default () => <p>b</p>;\n' });
    const tokenOf = (path: string) => new URL(path, server.appOrigin).searchParams.get('token')!;
    const tokenForA = tokenOf(await previewUrl(a.appId, a.token));

    const missing = await server.appRequest(`/apps/${a.appId}/preview`);
    expect(missing.status).toBe(401);
    expect(await missing.text()).toContain('This preview link has expired or is not valid');
    expect((await server.appRequest(`/apps/${a.appId}/preview?token=${tokenForA}x`)).status).toBe(401);
    // an access token is not a preview token
    expect((await server.appRequest(`/apps/${a.appId}/preview?token=${a.token}`)).status).toBe(401);
    const { signingKey } = server.services.identity;
    const expired = await signPreviewToken({ signingKey, appId: a.appId, now: Date.now() - 11 * 60 * 1000 });
    expect((await server.appRequest(`/apps/${a.appId}/preview?token=${expired.token}`)).status).toBe(401);

    const other = await server.appRequest(`/apps/${b.appId}/preview?token=${tokenForA}`);
    expect(other.status).toBe(403);
    expect(await other.text()).toContain('This preview link is for another app');

    const ghost = await signPreviewToken({ signingKey, appId: 'ghostapp000000000000' });
    expect((await server.appRequest(`/apps/ghostapp000000000000/preview?token=${ghost.token}`)).status).toBe(
      404,
    );
    expect((await server.appRequest(`/apps/${a.appId}/preview?token=${tokenForA}`)).status).toBe(200);
  });

  it('mints tokens for the owner of a space app only', async () => {
    const a = await spaceApp({});
    const stranger = await signUpBuilder(server);
    const res = await server.request(`/api/apps/${a.appId}/preview-token`, {
      method: 'POST',
      token: stranger.idToken,
    });
    expect(res.status).toBe(404);
    expect((await server.request(`/api/apps/${a.appId}/preview-token`, { method: 'POST' })).status).toBe(401);
    const tool = await json(
      await server.request('/api/apps/new', { method: 'POST', token: a.token, json: { kind: 'tool' } }),
    );
    const notSpace = await server.request(`/api/apps/${tool.appId}/preview-token`, {
      method: 'POST',
      token: a.token,
    });
    expect(notSpace.status).toBe(400);
    expect((await json(notSpace)).error.code).toBe('space/not-space-app');
  });
});
