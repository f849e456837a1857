import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@buildai/testkit';

// A small built web app, as `vite build` with apps/web/precompress.ts leaves it: the script has brotli and gzip
// copies beside it, the stylesheet only gzip, the icon none; index.html has none (the server makes them at start).
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root">BuildAI SPA</div>${' '.repeat(400)}</body></html>`;
// the public app pages' document (docs/decisions/0005 "Page weight")
const RUNTIME = `<!doctype html><html><head><script type="module" src="/assets/runtime-abc123.js"></script></head><body><div id="root">BuildAI app pages</div>${' '.repeat(400)}</body></html>`;
const LOGIN = `<!doctype html><html><head><script type="module" src="/assets/login-abc123.js"></script></head><body><div id="root">BuildAI sign-in</div>${' '.repeat(400)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('compress me '.repeat(200))});`;
const STYLE = `body{color:red}${'.a{color:blue}'.repeat(100)}`;

let server: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'buildai-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  writeFileSync(path.join(webDist, 'runtime.html'), RUNTIME);
  writeFileSync(path.join(webDist, 'login.html'), LOGIN);
  const script = path.join(webDist, 'assets', 'app-abc123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  const style = path.join(webDist, 'assets', 'index-def456.css');
  writeFileSync(style, STYLE);
  writeFileSync(`${style}.gz`, gzipSync(STYLE));
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg/>');
  server = await startTestServer({ WEB_DIST: webDist });
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.request(url, { headers });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('serving the built web app', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    const body = await bytes(res);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(SCRIPT.length);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('sends gzip when brotli is not accepted or refused with q=0', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip;q=0.8']) {
      const res = await get('/assets/app-abc123.js', { 'Accept-Encoding': accept });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(await bytes(res)).toString()).toBe(SCRIPT);
    }
    const style = await get('/assets/index-def456.css', { 'Accept-Encoding': 'br, gzip' });
    expect(style.headers.get('content-encoding')).toBe('gzip');
    expect(style.headers.get('content-type')).toMatch(/^text\/css/);
    expect(gunzipSync(await bytes(style)).toString()).toBe(STYLE);
  });

  it('sends the file as it is when the browser accepts no compression', async () => {
    const res = await get('/assets/app-abc123.js');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(await res.text()).toBe(SCRIPT);
    const icon = await get('/favicon.svg', { 'Accept-Encoding': 'br, gzip' });
    expect(icon.headers.get('content-encoding')).toBeNull();
    expect(icon.headers.get('vary')).toBeNull();
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    expect(await icon.text()).toBe('<svg/>');
  });

  it('answers the public app pages and the sign-in page with their own documents, index.html the rest', async () => {
    for (const p of ['/app/a1', '/app/a1/tool/my-tool', '/app/a1/r1/tool/my-tool', '/app/a1/item/x']) {
      const res = await get(p, { 'Accept-Encoding': 'gzip' });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(gunzipSync(await bytes(res)).toString()).toBe(RUNTIME);
    }
    expect(await (await get('/login')).text()).toBe(LOGIN);
    expect(await (await get('/login?appId=a1&mode=signup')).text()).toBe(LOGIN);
    for (const p of ['/home', '/login/x', '/build/app/a1', '/analytics/app/a1', '/app']) {
      expect(await (await get(p)).text()).toBe(INDEX);
    }
    // app documents live on the app origin only (decision 0007, "The app origin")
    expect((await get('/apps/a1')).status).toBe(404);
  });

  it('answers index.html for client routes, compressed, revalidated on every visit', async () => {
    const res = await get('/build/app/a1/tool/t1', { 'Accept-Encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(INDEX);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await get('/home', { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('reads index.html once at start: a later change on disk is not served until a restart', async () => {
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html>changed');
    const res = await get('/home');
    expect(await res.text()).toBe(INDEX);
  });

  it('answers a missing asset 404 and never serves files outside the build', async () => {
    expect((await get('/assets/missing-000.js')).status).toBe(404);
    const outside = await get('/assets/..%2f..%2fpackage.json');
    expect(outside.status).toBe(404);
    const api = await get('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/json/);
  });
});

describe("the builder's document with PUBLIC_URL", () => {
  let named: TestServer;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'buildai-web-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'runtime.html'), RUNTIME);
    writeFileSync(path.join(dist, 'login.html'), LOGIN);
    named = await startTestServer({ WEB_DIST: dist, PUBLIC_URL: 'https://build.example.com/' });
  });
  afterAll(() => named.close());

  it('names the public address in a meta tag, in every encoding; the other documents do not', async () => {
    const meta = '<meta name="buildai-public-url" content="https://build.example.com"></head>';
    for (const accept of ['br', 'gzip', 'identity']) {
      const res = await named.request('/build/app/a1', { headers: { 'Accept-Encoding': accept } });
      const body = Buffer.from(await res.arrayBuffer());
      const html =
        accept === 'br'
          ? brotliDecompressSync(body).toString()
          : accept === 'gzip'
            ? gunzipSync(body).toString()
            : body.toString();
      expect(html).toBe(INDEX.replace('</head>', meta));
    }
    expect(await (await named.request('/login')).text()).not.toContain('buildai-public-url');
    expect(await (await named.request('/app/a1')).text()).not.toContain('buildai-public-url');
    // without PUBLIC_URL the document is the build's
    expect(await (await get('/build/app/a1')).text()).not.toContain('buildai-public-url');
  });
});
