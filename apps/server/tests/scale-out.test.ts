import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@buildai/server';
import {
  BUILDER_PASSWORD,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import {
  activateAndPublish,
  fakeLlmConfig,
  makeTool,
  readStreamUntil,
  sessionCall,
  TINY_PNG,
} from './helpers';

// Two instances of one deployment — one PostgreSQL database, one Redis, one S3 bucket — each on its own HTTP port,
// every request sent to either of them as a load balancer without sticky sessions would. Runs where the suite runs
// on PostgreSQL and Redis (`.ci/run`'s second pass); the embedded defaults are one process by design.
const scaledOut = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const BUCKET = 'buildai-scale-out';

let s3: S3rver;
let s3Dir: string;
let llm: FakeLlm;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  if (!scaledOut) return;
  s3Dir = mkdtempSync(path.join(tmpdir(), 'buildai-scale-out-s3-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  llm = await startFakeLlm({ apiKey: 'test-key' });
  const env = {
    ...fakeLlmConfig(llm),
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  a = await startTestServer(env);
  b = await startTestServer(env, { sameDeploymentAs: a });
  await Promise.all([a.listen(), b.listen()]);
  console.log(`scale-out: instances A ${a.url} and B ${b.url} on one PostgreSQL database, Redis and S3`);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await llm?.close();
  await s3?.close();
  if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
});

/** A request over HTTP to one instance; `token` as a bearer, `json` as the body. */
function call(on: TestServer, route: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const { token, json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (json !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${on.url}${route}`, {
    ...rest,
    headers,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
}

/** A builder signed up through A, the account created through B. */
async function builder() {
  const email = `scale-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await call(a, '/api/live_api/auth/signUp', {
    method: 'POST',
    json: { email, password: BUILDER_PASSWORD, tenantId: 'platform' },
  });
  expect(res.status).toBe(200);
  const { idToken } = (await res.json()) as { idToken: string };
  expect((await call(b, '/api/live_api/account/create', { method: 'POST', token: idToken })).status).toBe(
    200,
  );
  return { email, idToken, cookie: res.headers.get('set-cookie')!.split(';')[0]! };
}

describe.runIf(scaledOut)('two instances behind a load balancer without sticky sessions', () => {
  it('count one run limit: a run through A counts when B is asked', async () => {
    const { idToken } = await builder();
    const { appId, toolId, path: toolPath } = await makeTool(a, idToken);
    await a.platform.db
      .update(schema.apps)
      .set({ appSettings: { dailyUserLimit: 1 } })
      .where(eq(schema.apps.appId, appId));
    await activateAndPublish(b, idToken, appId, toolId);
    const visitor = randomBytes(16).toString('base64url');
    const run = (on: TestServer) =>
      call(on, `/api/apps/${appId}/tools/${toolPath}/run`, {
        method: 'POST',
        headers: { cookie: `bai_uid=${visitor}` },
        json: { inputs: { topic: 'tea' } },
      });
    const first = await run(a);
    expect(first.status).toBe(200);
    await first.text();
    const second = await run(b);
    expect(second.status).toBe(429);
    expect(await second.json()).toEqual({
      error: {
        code: 'run/daily-limit',
        message: 'You have reached the daily limit of 1 run, come back tomorrow',
      },
    });
  });

  it('run a job started through A and stream its item statuses through B', async () => {
    const { idToken } = await builder();
    const { appId } = await makeTool(a, idToken);
    const stream = await call(b, `/api/context/events?appId=${appId}`, { token: idToken });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const ingested = await call(a, `/api/context/ingest/text?appId=${appId}`, {
      method: 'POST',
      token: idToken,
      json: { context: 'Harbor fees are due on the first Monday of each month.' },
    });
    expect(ingested.status).toBe(201);
    const { contextItemId } = (await ingested.json()) as { contextItemId: string };
    const seen = await readStreamUntil(stream, (text) => text.includes('"status":"synced"'), 20_000);
    expect(seen).toContain(`"id":"${contextItemId}"`);
    const list = (await (await call(b, `/api/context/items?appId=${appId}`, { token: idToken })).json()) as {
      contextItems: { id: string; status: string; numOfChunks: number }[];
    };
    expect(list.contextItems).toEqual([expect.objectContaining({ id: contextItemId, status: 'synced' })]);
  });

  it('put data synced through B into the next run through A, which had found the app without data', async () => {
    const { idToken } = await builder();
    const { appId, toolId, path: toolPath } = await makeTool(a, idToken);
    await activateAndPublish(a, idToken, appId, toolId);
    const run = async () => {
      const res = await call(a, `/api/apps/${appId}/tools/${toolPath}/run`, {
        method: 'POST',
        json: { inputs: { topic: 'harbor fees' } },
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('"type":"finish"');
      return llm.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
    };
    // twice: the second answer is kept by A, once A hears the app's item changes
    await run();
    expect(JSON.stringify((await run()).body)).not.toContain('Harbor fees');

    const stream = await call(a, `/api/context/events?appId=${appId}`, { token: idToken });
    const ingested = await call(b, `/api/context/ingest/text?appId=${appId}`, {
      method: 'POST',
      token: idToken,
      json: { context: 'Harbor fees are due on the first Monday of each month.' },
    });
    expect(ingested.status).toBe(201);
    await readStreamUntil(stream, (text) => text.includes('"status":"synced"'), 20_000);

    expect(JSON.stringify((await run()).body)).toContain(
      'Harbor fees are due on the first Monday of each month.',
    );
  });

  it('end a session signed out through A for B too: the refresh cookie no longer works there', async () => {
    const { cookie } = await builder();
    // the cookie calls take JSON only (login CSRF guard, decision 0006), as the web app sends them
    const over = (on: TestServer) => ({
      request: (path: string, init?: Parameters<typeof call>[2]) => call(on, path, init),
    });
    const refresh = (on: TestServer, c: string) => sessionCall(over(on), 'refresh', c);
    // the refresh token rotates: B answers a new cookie for A's, and A signs that one out
    const rotated = await refresh(b, cookie);
    expect(rotated.status).toBe(200);
    const next = rotated.headers.get('set-cookie')!.split(';')[0]!;
    expect((await sessionCall(over(a), 'signOut', next)).status).toBe(204);
    const after = await refresh(b, next);
    expect(after.status).toBe(401);
  });

  it('serve through B a file uploaded through A', async () => {
    const { idToken } = await builder();
    const { appId, toolId } = await makeTool(a, idToken);
    const form = new FormData();
    form.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'logo.png');
    const uploaded = await call(a, `/api/apps/${appId}/tools/${toolId}/image`, {
      method: 'POST',
      token: idToken,
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
    const file = await call(b, imageUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(TINY_PNG);
  });
});
