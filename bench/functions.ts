// (j) Server functions (issue 31): a warm call's added latency over calling the same handler in plain Node in the
// same job (target p50 <= 5 ms), a cold call (the first of a version: build, new isolate, compile; target <= 100 ms)
// and 50 concurrent calls through the HTTP route with 0 errors.
import { percentile } from './lib';
import { signUpBuilder, startFakeLlm, startTestServer } from '@buildai/testkit';
import { FunctionSandbox, buildFunction } from '../apps/server/src/features/functions';

const ROUNDS = 200;
const COLD_ROUNDS = 20;
const CONCURRENT = 50;

const handlerSource = (salt: string) => `
export default async function handler(input: { values: number[] }, ctx: any) {
  let sum = 0;
  for (const v of input.values) sum += v;
  return { sum, n: input.values.length, keyLength: ctx.secrets.API_KEY.length, salt: ${JSON.stringify(salt)} };
}`;

const input = { values: Array.from({ length: 100 }, (_, i) => i) };
const secrets = { API_KEY: 'k'.repeat(40) };
const host = {
  fetch: async () => {
    throw new Error('no fetch in the bench');
  },
  entity: async () => '[]',
};

export interface FunctionsBench {
  plain: { p50: number; p95: number };
  warm: { p50: number; p95: number };
  cold: { p50: number; p95: number };
  http: { p50: number; p95: number };
  concurrent: { calls: number; errors: number; wallMs: number; errorSamples: string[] };
}

export async function benchFunctions(): Promise<FunctionsBench> {
  const sandbox = new FunctionSandbox();
  const files = (salt: string) => [{ path: 'functions/sum.ts', content: handlerSource(salt) }];
  const built = await buildFunction(files('warm'), 'functions/sum.ts');
  if (!built.ok) throw new Error(built.error);

  // the same handler as plain Node runs it: the bundle evaluated once in this process
  const plainModule = new Function(`${built.code}; return globalThis.__buildaiFunction;`)() as {
    default: (i: unknown, ctx: unknown) => Promise<unknown>;
  };
  const plainCall = async () =>
    JSON.parse(
      JSON.stringify(
        await plainModule.default(JSON.parse(JSON.stringify(input)), { secrets: { ...secrets }, user: null }),
      ),
    ) as unknown;
  const sandboxCall = async (key: string, code: string) => {
    const out = await sandbox.run({ codeKey: key, code, input, secrets, user: null, appId: 'bench', host });
    if (!out.ok) throw new Error(`${out.code}: ${out.detail}`);
    return out.result;
  };

  for (let i = 0; i < 20; i++) {
    await plainCall();
    await sandboxCall(built.key, built.code);
  }
  const plain: number[] = [];
  const warm: number[] = [];
  // interleaved, so the machine's load moves both alike
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    await plainCall();
    plain.push(performance.now() - t);
    t = performance.now();
    await sandboxCall(built.key, built.code);
    warm.push(performance.now() - t);
  }

  const cold: number[] = [];
  for (let i = 0; i < COLD_ROUNDS; i++) {
    const t = performance.now();
    const fresh = await buildFunction(files(`cold-${i}-${Date.now()}`), 'functions/sum.ts');
    if (!fresh.ok) throw new Error(fresh.error);
    await sandboxCall(fresh.key, fresh.code);
    cold.push(performance.now() - t);
  }
  await sandbox.close();

  // through the product's route (PGlite, the test server): what a page's functions.invoke costs on the server
  const llm = await startFakeLlm({ apiKey: 'bench' });
  const server = await startTestServer({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: llm.url,
    AI_API_KEY: 'bench',
  });
  const http: number[] = [];
  let concurrent = { calls: 0, errors: 0, wallMs: 0, errorSamples: [] as string[] };
  try {
    const token = (await signUpBuilder(server)).idToken;
    const created = await server.request('/api/apps/new', { method: 'POST', token, json: { kind: 'space' } });
    const { appId } = (await created.json()) as { appId: string };
    llm.enqueue([
      {
        toolCalls: [
          { name: 'add_file', arguments: { path: 'functions/sum.ts', content: handlerSource('http') } },
        ],
      },
      { text: 'Done.' },
    ]);
    const turn = await server.request(`/api/apps/${appId}/chat`, {
      method: 'POST',
      token,
      json: { message: { role: 'user', parts: [{ type: 'text', text: 'sum' }] } },
    });
    await turn.text();
    await server.request(`/api/apps/${appId}/secrets`, {
      method: 'POST',
      token,
      json: { secrets: [{ key: 'API_KEY', value: secrets.API_KEY }] },
    });
    const invoke = () =>
      server.request(`/api/apps/${appId}/functions/sum`, {
        method: 'POST',
        token,
        json: { input, preview: true },
      });
    for (let i = 0; i < 10; i++) await (await invoke()).text();
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      const res = await invoke();
      await res.text();
      http.push(performance.now() - t);
    }
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        const res = await invoke();
        const text = await res.text();
        return res.status === 200 ? null : `${res.status} ${text.slice(0, 200)}`;
      }),
    );
    const errors = answers.filter((a): a is string => a !== null);
    concurrent = {
      calls: CONCURRENT,
      errors: errors.length,
      wallMs: performance.now() - started,
      errorSamples: errors.slice(0, 3),
    };
  } finally {
    await server.close();
    await llm.close();
  }

  const stats = (v: number[]) => ({ p50: percentile(v, 50), p95: percentile(v, 95) });
  return { plain: stats(plain), warm: stats(warm), cold: stats(cold), http: stats(http), concurrent };
}

const f = (n: number) => n.toFixed(2);

/** Prints the results; false when a target is missed. */
export function printFunctions(r: FunctionsBench): boolean {
  const added = r.warm.p50 - r.plain.p50;
  console.log(`\n(j) server functions, ${ROUNDS} warm calls interleaved with plain Node (ms)`);
  console.log(`  plain Node handler     p50 ${f(r.plain.p50)}  p95 ${f(r.plain.p95)}`);
  console.log(`  in the isolate, warm   p50 ${f(r.warm.p50)}  p95 ${f(r.warm.p95)}`);
  console.log(
    `  added by the isolate   p50 ${f(added)}  p95 ${f(r.warm.p95 - r.plain.p95)}   (target p50 <= 5 ms)`,
  );
  console.log(`  cold (build, isolate)  p50 ${f(r.cold.p50)}  p95 ${f(r.cold.p95)}   (target <= 100 ms)`);
  console.log(
    `  through the route      p50 ${f(r.http.p50)}  p95 ${f(r.http.p95)}   (files, secrets, call log in the DB)`,
  );
  console.log(
    `  ${r.concurrent.calls} concurrent calls    errors ${r.concurrent.errors}, all done in ${f(r.concurrent.wallMs)}   (target 0 errors)`,
  );
  for (const e of r.concurrent.errorSamples) console.log(`    ${e}`);
  return added <= 5 && r.cold.p50 <= 100 && r.concurrent.errors === 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!printFunctions(await benchFunctions())) process.exitCode = 1;
}
