// (h) Space apps: bundling a 30-file app on the server (issue 18: <= 200 ms warm). Measured through the app origin,
// as the builder's preview asks for it (GET /apps/{appId}/preview?token=…, each time with one file changed so the
// build is never a cache hit), and through the bundler alone. Baseline in the same job: esbuild bundling the same
// files with React, the UI kit and the icons bundled in (no shared runtime, no allowlist plugin).
import { build, type Plugin } from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { signUpBuilder, startTestServer } from '@buildai/testkit';

const ROUNDS = 30;

/** A 30-file app: 5 pages and 25 components that use the kit, the icons, hooks and one another. */
export function thirtyFileApp(salt: string): { path: string; content: string }[] {
  const pages = ['Home', 'About', 'Pricing', 'Contact', 'Dashboard'];
  const files: { path: string; content: string }[] = [];
  for (let i = 0; i < 25; i++) {
    const next = i < 24 ? `import { Widget${i + 1} } from './Widget${i + 1}';` : '';
    files.push({
      path: `components/Widget${i}.tsx`,
      content: `import { useMemo, useState } from 'react';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Stack, Text } from '@buildai/app-ui';
import { Star, Heart, Check } from 'lucide-react';
${next}
export interface Widget${i}Props { label?: string; count?: number }
/** widget ${i} ${salt} */
export function Widget${i}({ label = 'Widget ${i}', count = ${i} }: Widget${i}Props) {
  const [liked, setLiked] = useState(false);
  const items = useMemo(() => Array.from({ length: count % 5 + 1 }, (_, n) => \`\${label} item \${n}\`), [label, count]);
  return (
    <Card>
      <CardHeader><CardTitle>{label}</CardTitle></CardHeader>
      <CardContent>
        <Stack gap={2}>
          {items.map((item) => (<Text key={item}><Check /> {item}</Text>))}
          <Stack direction="row" gap={2} align="center">
            <Button variant={liked ? 'primary' : 'outline'} onClick={() => setLiked(!liked)}>{liked ? <Heart /> : <Star />} Like</Button>
            <Badge variant="secondary">{count}</Badge>
          </Stack>
          ${i < 24 ? `{count > 100 ? <Widget${i + 1} count={count - 1} /> : null}` : ''}
        </Stack>
      </CardContent>
    </Card>
  );
}
`,
    });
  }
  pages.forEach((page, p) => {
    const widgets = Array.from({ length: 5 }, (_, k) => `Widget${p * 5 + k}`);
    files.push({
      path: `pages/${page}.tsx`,
      content: `import { Container, Grid, Heading, Text } from '@buildai/app-ui';
import { Link } from '@buildai/app-sdk';
${widgets.map((w) => `import { ${w} } from '../components/${w}';`).join('\n')}
export default function ${page}() {
  return (
    <Container>
      <Heading level={1}>${page}</Heading>
      <Text muted>${salt}</Text>
      <Link to="${pages[(p + 1) % pages.length]}">Next</Link>
      <Grid columns={3}>${widgets.map((w) => `<${w} />`).join('')}</Grid>
    </Container>
  );
}
`,
    });
  });
  return files;
}

/** The baseline: the same files, with everything they import bundled in from node_modules. */
async function bundleWithoutSharedRuntime(files: { path: string; content: string }[]) {
  const byPath = new Map(files.map((f) => [f.path, f.content]));
  const require = createRequire(import.meta.url);
  const runtimeSrc = path.join(path.dirname(require.resolve('@buildai/app-runtime/package.json')), 'src');
  const plugin: Plugin = {
    name: 'files',
    setup(b) {
      b.onResolve({ filter: /^@buildai\/app-(ui|sdk)$/ }, (a) => ({
        path: path.join(runtimeSrc, a.path.endsWith('ui') ? 'ui.tsx' : 'sdk.tsx'),
      }));
      b.onResolve({ filter: /^\.\.?\// }, (a) => {
        if (a.namespace !== 'mem' && a.kind !== 'entry-point') return undefined;
        const base = path.posix.join(path.posix.dirname(a.importer), a.path);
        const found = ['', '.tsx'].map((e) => base + e).find((c) => byPath.has(c));
        return found ? { path: found, namespace: 'mem' } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: 'mem' }, (a) => ({
        contents: byPath.get(a.path)!,
        loader: 'tsx',
        resolveDir: runtimeSrc,
      }));
    },
  };
  const entry = files
    .filter((f) => f.path.startsWith('pages/'))
    .map((f, i) => `import * as p${i} from './${f.path}'; globalThis.p${i} = p${i};`)
    .join('\n');
  await build({
    stdin: { contents: entry, loader: 'js', resolveDir: runtimeSrc, sourcefile: 'entry.js' },
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      {
        name: 'entry',
        setup(b) {
          b.onResolve({ filter: /^\.\/pages\// }, (a) =>
            a.importer.endsWith('entry.js') ? { path: a.path.slice(2), namespace: 'mem' } : undefined,
          );
        },
      },
      plugin,
    ],
  });
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

export interface SpaceBundleResult {
  files: number;
  rounds: number;
  coldMs: number;
  bundler: { p50: number; p95: number };
  document: { p50: number; p95: number };
  cacheHit: { p50: number; p95: number };
  baseline: { p50: number; p95: number };
  bundleBytes: number;
  /** what the frame downloads, gzip: the shared runtime and the document (which inlines the app's bundle) */
  frameGzip: { runtime: number; document: number };
}

export async function benchSpaceBundle(): Promise<SpaceBundleResult> {
  // files are written through the code editor's route, which is for admins
  const server = await startTestServer({ LOG_LEVEL: 'silent', ADMIN_EMAILS: 'bench-admin@example.com' });
  try {
    const { idToken } = await signUpBuilder(server, 'bench-admin@example.com');
    const created = (await (
      await server.request('/api/apps/new', { method: 'POST', token: idToken, json: { kind: 'space' } })
    ).json()) as { appId: string };
    const appId = created.appId;
    const bundler = server.services.appBundler;
    // the first build starts esbuild's service and builds the shared runtime: the cold figure
    const coldMs = await timed(async () => {
      await bundler.runtime();
      await bundler.bundle(thirtyFileApp('cold'));
    });
    const bundlerMs: number[] = [];
    const documentMs: number[] = [];
    const hitMs: number[] = [];
    const baselineMs: number[] = [];
    let bundleBytes = 0;
    let documentGzip = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const files = thirtyFileApp(`round ${round}`);
      bundlerMs.push(await timed(() => bundler.bundle(thirtyFileApp(`direct ${round}`))));
      baselineMs.push(await timed(() => bundleWithoutSharedRuntime(files)));
      for (const file of files) {
        const put = await server.request(`/api/apps/${appId}/files/${file.path}`, {
          method: 'PUT',
          token: idToken,
          json: { content: file.content },
        });
        if (put.status !== 200) throw new Error(`saving ${file.path} answered ${put.status}`);
      }
      const link = (await (
        await server.request(`/api/apps/${appId}/preview-token`, { method: 'POST', token: idToken })
      ).json()) as { url: string };
      const url = new URL(link.url);
      const target = `${url.pathname}${url.search}`;
      documentMs.push(
        await timed(async () => {
          const res = await server.appRequest(target);
          if (res.status !== 200) throw new Error(`preview answered ${res.status}`);
          const html = await res.text();
          bundleBytes = html.length;
          documentGzip = gzipSync(html).length;
        }),
      );
      hitMs.push(await timed(async () => (await server.appRequest(target)).text()));
    }
    const stats = (xs: number[]) => ({ p50: pct(xs, 0.5), p95: pct(xs, 0.95) });
    return {
      files: 30,
      rounds: ROUNDS,
      coldMs,
      bundler: stats(bundlerMs),
      document: stats(documentMs),
      cacheHit: stats(hitMs),
      baseline: stats(baselineMs),
      bundleBytes,
      frameGzip: { runtime: (await bundler.runtime()).gzipped.length, document: documentGzip },
    };
  } finally {
    await server.close();
  }
}

export function printSpaceBundle(r: SpaceBundleResult): void {
  const f = (n: number) => n.toFixed(1);
  console.log(`\n(h) space app bundling, ${r.files} files, ${r.rounds} rounds, each with changed files (ms)`);
  console.log(`  cold (esbuild start + shared runtime + app)  ${f(r.coldMs)}`);
  console.log(
    `  bundler, warm               p50 ${f(r.bundler.p50)}  p95 ${f(r.bundler.p95)}   (target <= 200 ms)`,
  );
  console.log(
    `  preview document (HTTP)     p50 ${f(r.document.p50)}  p95 ${f(r.document.p95)}   (${r.bundleBytes} bytes)`,
  );
  const kb = (n: number) => (n / 1000).toFixed(1);
  console.log(
    `  frame download, gzip (KB)   shared runtime ${kb(r.frameGzip.runtime)} + document ${kb(r.frameGzip.document)} = ${kb(r.frameGzip.runtime + r.frameGzip.document)}`,
  );
  console.log(`  same files again (cache)    p50 ${f(r.cacheHit.p50)}  p95 ${f(r.cacheHit.p95)}`);
  console.log(
    `  baseline: everything bundled in, no shared runtime  p50 ${f(r.baseline.p50)}  p95 ${f(r.baseline.p95)}`,
  );
  console.log(`  ratio bundler/baseline      p50 ${(r.bundler.p50 / r.baseline.p50).toFixed(3)}x`);
  if (r.bundler.p95 > 200) {
    console.error(`space bundling: warm p95 ${f(r.bundler.p95)} ms is over the 200 ms target`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printSpaceBundle(await benchSpaceBundle());
