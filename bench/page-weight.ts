// (f) Page weight: the JavaScript and CSS a browser downloads (with the documents of frames, which inline scripts) on the first visit of each kind of page, counted as
// the compressed bytes on the wire. Debian's Chromium opens each page in a fresh profile (empty cache) on the built
// server and waits until the network is quiet, so the chunks a route loads lazily on its first render count too.
// Builds nothing itself: run `npm run build` first.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, publishTool, startBuiltServer, stop, verifiedBuilder } from './lib';

// PAGE_WEIGHT_PORT: another port, when several checkouts measure on one machine
const PORT = Number(process.env.PAGE_WEIGHT_PORT ?? 4397);
const BASE = `http://127.0.0.1:${PORT}`;
// the targets, in KB (1 KB = 1000 bytes, as Vite reports sizes)
const TARGETS = { tool: 120, login: 150, builder: 350 } as const;

export interface PageWeight {
  route: string;
  url: string;
  targetKb: number;
  /** compressed bytes of JS and CSS responses, the browser accepting gzip only (the target's measure) */
  bytes: number;
  /** the same with Chromium's own Accept-Encoding (it picks brotli) */
  browserBytes: number;
  /** Content-Encoding of those responses (the target is stated in gzip) */
  encodings: string[];
  files: { url: string; bytes: number }[];
}

async function measure(
  browser: Browser,
  url: string,
  setup: (ctx: BrowserContext) => Promise<void>,
  ready: string,
  acceptEncoding?: string,
) {
  // Chromium offers brotli even over plain http to 127.0.0.1; the gzip pass narrows what it accepts
  const ctx = await browser.newContext(
    acceptEncoding ? { extraHTTPHeaders: { 'Accept-Encoding': acceptEncoding } } : {},
  );
  await setup(ctx);
  const page = await ctx.newPage();
  const pending: Promise<{ url: string; bytes: number; encoding: string }>[] = [];
  page.on('requestfinished', (req) => {
    const type = req.resourceType();
    // a frame's document counts too: a space app's preview inlines the app's bundle (with its icons) in it
    const frameDocument = type === 'document' && req.frame() !== page.mainFrame();
    if (type !== 'script' && type !== 'stylesheet' && !frameDocument) return;
    pending.push(
      (async () => {
        const [sizes, res] = await Promise.all([req.sizes(), req.response()]);
        return {
          url: new URL(req.url()).pathname,
          bytes: sizes.responseBodySize,
          encoding: res?.headers()['content-encoding'] ?? 'identity',
        };
      })(),
    );
  });
  await page.goto(`${BASE}${url}`, { waitUntil: 'networkidle' });
  try {
    await page.getByText(ready, { exact: false }).first().waitFor({ timeout: 15_000 });
  } catch (err) {
    const shot = path.join(tmpdir(), 'page-weight-failure.png');
    await page.screenshot({ path: shot });
    throw new Error(`${url} did not show "${ready}" (see ${shot})`, { cause: err });
  }
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(pending);
  await ctx.close();
  return {
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    encodings: [...new Set(files.map((f) => f.encoding))],
    files: files.map((f) => ({ url: f.url, bytes: f.bytes })),
  };
}

export async function benchPageWeight(): Promise<PageWeight[]> {
  // outside production, so the outbox (`/api/dev/mail`) hands over the verification link
  const server = await startBuiltServer(PORT, { NODE_ENV: 'development' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const email = `page-weight-${Date.now()}@example.com`;
    const token = await verifiedBuilder(BASE, email);
    const tool = await publishTool(BASE, token, {
      header: 'Page weight tool',
      gptPrompt: 'Say hello to {{name}}',
      fields: [{ name: 'name', label: 'Your name' }],
    });
    // a space app's workspace: the chat beside the sandboxed preview (the code editor loads only on its tab)
    const space = (await (
      await fetch(`${BASE}/api/apps/new`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ kind: 'space' }),
      })
    ).json()) as { appId: string };
    const signedIn = async (ctx: BrowserContext) => {
      await ctx.addCookies([{ name: 'buildai_token', value: token, url: BASE }]);
    };
    const anonymous = async () => {};
    const routes = [
      {
        route: 'public tool page',
        url: `/app/${tool.appId}/tool/${tool.path}`,
        targetKb: TARGETS.tool,
        setup: anonymous,
        ready: 'Page weight tool',
      },
      { route: '/login', url: '/login', targetKb: TARGETS.login, setup: anonymous, ready: 'Sign in' },
      {
        route: 'builder workspace',
        url: `/build/app/${tool.appId}`,
        targetKb: TARGETS.builder,
        setup: signedIn,
        ready: 'Page weight tool',
      },
      {
        route: 'space workspace',
        url: `/build/app/${space.appId}`,
        targetKb: TARGETS.builder,
        setup: signedIn,
        ready: 'Start a conversation',
      },
    ];
    const results: PageWeight[] = [];
    for (const r of routes) {
      const gzip = await measure(browser, r.url, r.setup, r.ready, 'gzip');
      const own = await measure(browser, r.url, r.setup, r.ready);
      results.push({ route: r.route, url: r.url, targetKb: r.targetKb, ...gzip, browserBytes: own.bytes });
    }
    return results;
  } finally {
    await browser.close();
    await stop(server);
  }
}

export function printPageWeight(results: PageWeight[]): boolean {
  console.log('\n(f) page weight: first-load JS + CSS as downloaded by Chromium, fresh cache, gzip (KB)');
  let ok = true;
  for (const r of results) {
    const kb = r.bytes / 1000;
    const pass = kb <= r.targetKb;
    ok &&= pass;
    console.log(
      `  ${r.route.padEnd(18)} ${kb.toFixed(1).padStart(6)}  target <= ${r.targetKb}  ratio ${(kb / r.targetKb).toFixed(2)}x  ${pass ? 'ok' : 'OVER'}  (${r.files.length} files, ${r.encodings.join('/')}; ${(r.browserBytes / 1000).toFixed(1)} as Chromium picks, brotli)`,
    );
    // BENCH_VERBOSE=1 lists the files, largest first
    if (process.env.BENCH_VERBOSE)
      for (const f of [...r.files].sort((a, b) => b.bytes - a.bytes))
        console.log(`      ${(f.bytes / 1000).toFixed(1).padStart(6)}  ${f.url}`);
  }
  return ok;
}

// `npx tsx bench/page-weight.ts` runs this benchmark alone
if (import.meta.url === `file://${process.argv[1]}`) {
  if (!printPageWeight(await benchPageWeight())) process.exitCode = 1;
}
