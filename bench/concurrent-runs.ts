// (c) 50 end users at once, each with their own bai_uid cookie, streaming runs of a published tool whose runs are
// counted against daily and weekly limits, against the fake model answering token by token with a small delay.
// Baseline in the same job: the same 50 streams asked of the fake model directly. Rounds alternate between the
// two, and a third wave goes through a bare node:http server that only forwards to the model (the floor: what one
// more HTTP hop in front of the model adds on this machine, proxy-floor-server.ts). Every run must stream to its
// finish event (any error fails the benchmark), and the app's analytics must count every run and every user
// afterwards.
import { startFakeLlm } from '@buildai/testkit';
import { cpuTimeMs, firstTokenDatabase } from './first-token';
import {
  percentile,
  publishTool,
  saveAppSettings,
  signUpBuilder,
  startBuiltServer,
  startProxyFloor,
  stop,
} from './lib';

const USERS = Number(process.env.BENCH_USERS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS_CONCURRENT ?? 6);
const TOKENS = ['Hello', ' there', ',', ' dear', ' friend', ' of', ' the', ' bench', '!', ' Bye'];
const TOKEN_DELAY_MS = 10;
const ADMIN_EMAIL = 'bench-admin@example.com';
const PORT = 4395;
const FLOOR_PORT = 4422;

interface Sample {
  firstToken: number;
  total: number;
}

/** Reads a stream to its end; the time of the first chunk `isToken` accepts, and of the whole stream. */
async function timeStream(
  res: Response,
  started: number,
  isToken: (text: string) => boolean,
): Promise<Sample & { text: string }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let firstToken = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (firstToken < 0 && isToken(text)) firstToken = performance.now() - started;
  }
  if (firstToken < 0) throw new Error(`stream ended without a token: ${text.slice(0, 300)}`);
  return { firstToken, total: performance.now() - started, text };
}

export async function benchConcurrentRuns(databaseUrl: string | null = null) {
  const llm = await startFakeLlm({ apiKey: 'bench' });
  llm.respondWith(() => ({ chunks: TOKENS, delayMs: TOKEN_DELAY_MS }));
  const database = await firstTokenDatabase(databaseUrl);
  const server = await startBuiltServer(PORT, {
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: llm.url,
    AI_API_KEY: 'bench',
    ADMIN_EMAILS: ADMIN_EMAIL,
    // each end user comes from an address of their own (anonymous visitors are counted by cookie and address)
    TRUST_PROXY: 'true',
    ...database.env,
  });
  const base = `http://127.0.0.1:${PORT}`;
  const floor = await startProxyFloor(FLOOR_PORT, llm.url);
  let errors = 0;
  const errorSamples: string[] = [];
  const fail = (message: string) => {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(message);
  };

  try {
    const token = await signUpBuilder(base, ADMIN_EMAIL);
    const tool = await publishTool(base, token, {
      header: 'Bench',
      gptPrompt: 'Say hello to {{name}}',
      fields: [{ name: 'name', label: 'Name' }],
    });
    // high enough that nobody is refused: every run still takes the limit check
    await saveAppSettings(base, token, tool.appId, { dailyUserLimit: 100, weeklyUserLimit: 100 });

    const cookies: (string | undefined)[] = Array.from({ length: USERS }, () => undefined);

    /** The model asked directly, or through the bare forwarding server. */
    const ask = (url: string) => async (): Promise<Sample> => {
      const started = performance.now();
      const res = await fetch(`${url}/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer bench', 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'gpt-4o-mini',
          stream: true,
          stream_options: { include_usage: true },
          messages: [{ role: 'user', content: 'Say hello to Ada' }],
        }),
      });
      if (!res.ok) throw new Error(`direct call failed: ${res.status}`);
      const sample = await timeStream(res, started, (b) => b.includes('"content":"Hello"'));
      if (!sample.text.includes('[DONE]')) throw new Error('direct stream did not finish');
      return sample;
    };
    const direct = ask(llm.url);
    const viaFloor = ask(`http://127.0.0.1:${FLOOR_PORT}`);

    const viaProduct = async (user: number): Promise<Sample> => {
      const started = performance.now();
      const cookie = cookies[user];
      const res = await fetch(`${base}/api/apps/${tool.appId}/tools/${tool.path}/run`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.1.${user >> 8}.${user & 255}`,
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify({ inputs: { name: `User ${user}` } }),
      });
      if (!res.ok) throw new Error(`run failed: ${res.status} ${await res.text()}`);
      const issued = res.headers.get('set-cookie')?.split(';')[0];
      if (cookie && issued) throw new Error(`user ${user} was given a second cookie`);
      if (!cookie) {
        if (!issued?.startsWith('bai_uid=')) throw new Error(`user ${user} got no bai_uid cookie`);
        cookies[user] = issued;
      }
      const sample = await timeStream(res, started, (b) => b.includes('"type":"delta"'));
      if (!sample.text.includes('"type":"finish"') || sample.text.includes('"type":"error"'))
        throw new Error(`run did not finish: ${sample.text.slice(-300)}`);
      return sample;
    };

    /** All users at once; failures are counted, not thrown. */
    const wave = async (one: (user: number) => Promise<Sample>, into: Sample[]) => {
      const results = await Promise.allSettled(Array.from({ length: USERS }, (_, user) => one(user)));
      for (const r of results) {
        if (r.status === 'fulfilled') into.push(r.value);
        else fail(String(r.reason));
      }
    };

    // warm-up: one wave each (the product's wave also hands every user their cookie)
    await wave(() => direct(), []);
    await wave(() => viaFloor(), []);
    await wave(viaProduct, []);
    const d: Sample[] = [];
    const fl: Sample[] = [];
    const p: Sample[] = [];
    // the server works only on the product's waves (the fake model runs in this process)
    const cpuBefore = cpuTimeMs(server.pid);
    for (let round = 0; round < ROUNDS; round++) {
      await wave(() => direct(), d);
      await wave(() => viaFloor(), fl);
      await wave(viaProduct, p);
    }
    const cpuPerRunMs = (cpuTimeMs(server.pid) - cpuBefore) / p.length;

    // every run and every user is counted by the app's analytics
    const res = await fetch(`${base}/api/apps/${tool.appId}/analytics?days=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const analytics = (await res.json()) as { totals?: { runs: number; users: number } };
    const expectedRuns = USERS * (ROUNDS + 1);
    if (analytics.totals?.runs !== expectedRuns || analytics.totals.users !== USERS) {
      fail(
        `analytics counted ${JSON.stringify(analytics.totals)}, expected ${expectedRuns} runs by ${USERS} users`,
      );
    }

    const first = (samples: Sample[], p: number) =>
      percentile(
        samples.map((s) => s.firstToken),
        p,
      );
    const total = (samples: Sample[], p: number) =>
      percentile(
        samples.map((s) => s.total),
        p,
      );
    return {
      db: databaseUrl ? ('postgres' as const) : ('pglite' as const),
      users: USERS,
      rounds: ROUNDS,
      tokenDelayMs: TOKEN_DELAY_MS,
      runs: p.length,
      errors,
      errorSamples,
      cpuPerRunMs,
      direct: { p50: first(d, 50), p95: first(d, 95), totalP95: total(d, 95) },
      floor: { p50: first(fl, 50), p95: first(fl, 95), totalP95: total(fl, 95) },
      product: { p50: first(p, 50), p95: first(p, 95), totalP95: total(p, 95) },
    };
  } finally {
    await stop(server);
    await stop(floor);
    await llm.close();
    await database.drop();
  }
}

export type ConcurrentRunsResult = Awaited<ReturnType<typeof benchConcurrentRuns>>;

/** How many times the floor's added first-token p95 the product may add with 50 users at once (issue 34, item 11). */
export const CONCURRENT_OVER_FLOOR_FACTOR = 3;

/** Prints (c) for one database; true when it had no error and (when judged) the figure is within its target. */
export function printConcurrentRuns(c: ConcurrentRunsResult, judged: boolean): boolean {
  const f = (n: number) => n.toFixed(1);
  console.log(
    `\n(c) ${c.users} end users at once on ${c.db} (own cookies, run limits on), ${c.rounds} rounds, model token delay ${c.tokenDelayMs} ms (ms)`,
  );
  console.log(`  runs streamed ${c.runs}, errors ${c.errors}`);
  for (const e of c.errorSamples) console.log(`    ${e}`);
  const added = c.product.p95 - c.direct.p95;
  const floorAdded = c.floor.p95 - c.direct.p95;
  // a floor that adds nothing measurable still leaves the product one millisecond
  const target = CONCURRENT_OVER_FLOOR_FACTOR * Math.max(floorAdded, 1);
  const ok = added <= target;
  console.log(
    `  fake model directly   first token p50 ${f(c.direct.p50)}  p95 ${f(c.direct.p95)}  whole stream p95 ${f(c.direct.totalP95)}`,
  );
  console.log(
    `  floor (bare forwarding server)  first token p50 ${f(c.floor.p50)}  p95 ${f(c.floor.p95)}  whole stream p95 ${f(c.floor.totalP95)}   adds p95 ${f(floorAdded)}`,
  );
  console.log(
    `  through the run API   first token p50 ${f(c.product.p50)}  p95 ${f(c.product.p95)}  whole stream p95 ${f(c.product.totalP95)}   adds p95 ${f(added)}`,
  );
  console.log(
    `  judged: added p95 ${f(added)} <= ${CONCURRENT_OVER_FLOOR_FACTOR} x floor's ${f(floorAdded)} = ${f(target)}  ${judged ? (ok ? 'ok' : 'OVER') : '(reported beside the judged database)'}`,
  );
  console.log(`  server CPU per run  ${f(c.cpuPerRunMs)} ms`);
  if (c.errors > 0) console.error(`concurrent runs on ${c.db}: ${c.errors} errors (zero required)`);
  return c.errors === 0 && (!judged || ok);
}
