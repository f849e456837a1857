// (n) The validation tester (issue 30: validating a 30-file app, warm p95 <= 1 s), beside `tsc --noEmit` on the same
// files (the app and the built-in shadcn/ui files it imports, written to disk as a Vite project holds them), in the
// same job.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  detectIssues,
  detectIssuesInThisThread as detectInThisThread,
  stopValidationThread,
} from '../apps/server/src/features/app-validation';
import { builtinFiles } from '../apps/server/src/features/space-runtime';
import { thirtyFileApp } from './space-bundle';

const ROUNDS = 20;
const TSC_ROUNDS = 8;
const run = promisify(execFile);
const require = createRequire(import.meta.url);
const RUNTIME_DIR = path.dirname(require.resolve('@buildai/app-runtime/package.json'));
const ROOT_MODULES = path.join(RUNTIME_DIR, '..', '..', 'node_modules');
const TSC = path.join(
  path.dirname(require.resolve('typescript/package.json', { paths: [process.cwd()] })),
  'bin',
  'tsc',
);

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

export interface AppValidationResult {
  files: number;
  coldMs: number;
  validate: { p50: number; p95: number };
  tsc: { p50: number; p95: number };
  issues: number;
  /** the request thread's longest wait while a cold validation ran: in the validation thread, and in its own */
  longestWait: { offThread: number; inThread: number };
}

/** Runs `fn` while a 5 ms timer ticks on this thread; answers the longest time between two ticks. */
async function longestWaitDuring(fn: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const ticking = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await fn();
  } finally {
    clearInterval(ticking);
  }
  return longest;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

export async function benchAppValidation(): Promise<AppValidationResult> {
  const entityNames = ['Task'];
  let coldMs = 0;
  const offThread = await longestWaitDuring(async () => {
    coldMs = await timed(() => detectIssues({ files: thirtyFileApp('cold'), entityNames }));
  });
  // the baseline: the same cold validation on this thread, as the server ran it before (decision 0013)
  const inThread = await longestWaitDuring(() =>
    detectInThisThread({ files: thirtyFileApp('cold here'), entityNames }),
  );
  // warm: a validation after the server's first (its first check of changed pages still compiles the checker's paths)
  await detectIssues({ files: thirtyFileApp('warm-up'), entityNames });
  const ms: number[] = [];
  let issues = 0;
  for (let round = 0; round < ROUNDS; round++) {
    ms.push(
      await timed(async () => {
        issues = (await detectIssues({ files: thirtyFileApp(`round ${round}`), entityNames })).issues.length;
      }),
    );
  }

  const dir = await mkdtemp(path.join(path.dirname(new URL(import.meta.url).pathname), '.validation-bench-'));
  const tscMs: number[] = [];
  try {
    for (const [p, content] of builtinFiles()) {
      await mkdir(path.dirname(path.join(dir, 'src', p)), { recursive: true });
      await writeFile(path.join(dir, 'src', p), content);
    }
    await writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2020',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          jsx: 'react-jsx',
          strict: false,
          noEmit: true,
          skipLibCheck: true,
          esModuleInterop: true,
          lib: ['ES2020', 'DOM', 'DOM.Iterable'],
          types: [],
          baseUrl: '.',
          paths: {
            '@/*': ['./src/*'],
            'react-router-dom': [path.join(ROOT_MODULES, 'react-router')],
            '*': [path.join(RUNTIME_DIR, 'node_modules', '*'), path.join(ROOT_MODULES, '*')],
          },
        },
        include: ['src'],
      }),
    );
    for (let round = 0; round < TSC_ROUNDS; round++) {
      for (const file of thirtyFileApp(`tsc ${round}`)) {
        await mkdir(path.dirname(path.join(dir, file.path)), { recursive: true });
        await writeFile(path.join(dir, file.path), file.content);
      }
      // tsc exits 2 when it finds errors; its time is what counts
      tscMs.push(await timed(() => run(process.execPath, [TSC, '--noEmit', '-p', dir]).catch(() => null)));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return {
    files: 30,
    coldMs,
    validate: { p50: pct(ms, 0.5), p95: pct(ms, 0.95) },
    tsc: { p50: pct(tscMs, 0.5), p95: pct(tscMs, 0.95) },
    issues,
    longestWait: { offThread, inThread },
  };
}

export function printAppValidation(r: AppValidationResult): boolean {
  const f = (n: number) => n.toFixed(1);
  console.log(
    `\n(n) validating a ${r.files}-file app (all nine detectors, the TypeScript checker among them) (ms)`,
  );
  console.log(
    `  cold (a server's first validation: TypeScript and the packages' types load)  ${f(r.coldMs)}`,
  );
  console.log(`  warm validation  p50 ${f(r.validate.p50)}  p95 ${f(r.validate.p95)}   (target <= 1000)`);
  console.log(`  tsc --noEmit on the same files  p50 ${f(r.tsc.p50)}  p95 ${f(r.tsc.p95)}`);
  console.log(
    `  ratio warm/tsc  p95 ${(r.validate.p95 / r.tsc.p95).toFixed(3)}x   (issues found: ${r.issues})`,
  );
  console.log(
    `  the request thread's longest wait during a cold validation: ${f(r.longestWait.offThread)} ` +
      `(the validation on the request thread itself, as before: ${f(r.longestWait.inThread)}; ratio ${(r.longestWait.offThread / r.longestWait.inThread).toFixed(3)}x)`,
  );
  if (r.validate.p95 > 1000) {
    console.error(`app validation: warm p95 ${f(r.validate.p95)} ms over 1000`);
    return false;
  }
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!printAppValidation(await benchAppValidation())) process.exitCode = 1;
  await stopValidationThread();
}
