import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { errorCatalogue, type ErrorCode } from '@buildai/domain';
import { schema } from '@buildai/server';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { expectError, fakeLlmConfig } from './helpers';
import { chatTurn, getJson, newSpaceApp } from './spaces-helpers';

// Server functions and the secrets they read (issue 31, decision 0014), over HTTP: the chat writes a function and
// asks for its key, the builder sets it, the function calls a fake outside service with it; attacks are stopped.

const KEY = 'wk-5b1e0c9d-only-for-the-weather';

let llm: FakeLlm;
let server: TestServer;
let token: string;
let weather: Server;
let weatherOrigin: string;
const weatherCalls: { url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  weather = createServer((req, res) => {
    weatherCalls.push({ url: req.url ?? '', headers: req.headers });
    if (req.headers.authorization !== `Bearer ${KEY}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"bad key"}');
      return;
    }
    const city = new URL(req.url ?? '/', 'http://x').searchParams.get('city');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ city, tempC: 21 }));
  });
  await new Promise<void>((resolve) => weather.listen(0, '127.0.0.1', resolve));
  weatherOrigin = `http://127.0.0.1:${(weather.address() as AddressInfo).port}`;
  llm = await startFakeLlm({ apiKey: 'test-key' });
  server = await startTestServer(
    { ...fakeLlmConfig(llm), FUNCTIONS_FETCH_TEST_ORIGINS: weatherOrigin },
    { functionLimits: { cpuMs: 3000, wallMs: 4000 } },
  );
  token = (await signUpBuilder(server)).idToken;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await llm?.close();
  await new Promise((resolve) => weather?.close(resolve));
});

const refused = (res: Response, code: ErrorCode) =>
  expectError(res, errorCatalogue[code].status, code, errorCatalogue[code].message);

const call = (name: string, args: object, id?: string) => ({
  toolCalls: [{ ...(id ? { id } : {}), name, arguments: args }],
});

const WEATHER_FN = `
import { label } from './lib/label';
export default async function handler(input: { city: string }, ctx: any) {
  const res = await ctx.fetch('${'${WEATHER}'}/now?city=' + encodeURIComponent(input.city), {
    headers: { authorization: 'Bearer ' + ctx.secrets.WEATHER_KEY },
  });
  const data = await res.json();
  console.log('weather answered', res.status);
  return { text: label(data.city, data.tempC), status: res.status };
}`;
const LABEL = `export const label = (city: string, t: number): string => \`\${city}: \${t} °C\`;`;

/** A builder's turn that writes a file through the chat's add_file. */
async function writeFile(appId: string, path: string, content: string, as = token) {
  llm.enqueue([call('add_file', { path, content }), { text: `Wrote ${path}.` }]);
  await chatTurn(server, appId, `Write ${path}`, { token: as });
}

const invoke = (
  appId: string,
  name: string,
  input: unknown,
  opts: { token?: string; preview?: boolean } = {},
) =>
  server.request(`/api/apps/${appId}/functions/${name}`, {
    method: 'POST',
    token: opts.token,
    json: { input, ...(opts.preview !== undefined ? { preview: opts.preview } : {}) },
  });

async function resultOf(res: Response): Promise<unknown> {
  const text = await res.text();
  if (res.status !== 200) throw new Error(`invoke failed ${res.status} ${text}`);
  return (JSON.parse(text) as { result: unknown }).result;
}

describe('a function that uses a secret', () => {
  it('the chat asks for the key and writes the function; the builder sets it; the function calls the service with it', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue([
      call(
        'request_secrets',
        { secrets: [{ secretName: 'WEATHER_KEY', description: 'Your weather API key' }] },
        'c_s',
      ),
      call('add_file', { path: 'functions/lib/label.ts', content: LABEL }, 'c_l'),
      call(
        'add_file',
        { path: 'functions/weather.ts', content: WEATHER_FN.replace('${WEATHER}', weatherOrigin) },
        'c_f',
      ),
      { text: 'Set WEATHER_KEY, then the page shows the weather.' },
    ]);
    await chatTurn(server, appId, 'Show the weather in Paris', { token });
    // the model was taught functions and secrets
    const system = JSON.stringify(llm.requests[0]!.body);
    expect(system).toContain('functions/{name}.ts');
    expect(system).toContain('functions.invoke');

    // before the key is set the service refuses, and the function says so
    expect(
      await resultOf(await invoke(appId, 'weather', { city: 'Paris' }, { token, preview: true })),
    ).toEqual({
      text: 'undefined: undefined °C',
      status: 401,
    });

    const saved = await server.request(`/api/apps/${appId}/secrets`, {
      method: 'POST',
      token,
      json: { secrets: [{ key: 'WEATHER_KEY', value: KEY }] },
    });
    expect(saved.status).toBe(200);

    const res = await invoke(appId, 'weather', { city: 'Paris' }, { token, preview: true });
    const answer = await res.text();
    expect(res.status).toBe(200);
    expect(JSON.parse(answer)).toEqual({ result: { text: 'Paris: 21 °C', status: 200 } });
    expect(weatherCalls.at(-1)).toMatchObject({
      url: '/now?city=Paris',
      headers: expect.objectContaining({ authorization: `Bearer ${KEY}` }),
    });
    expect(answer).not.toContain(KEY);

    // the function log has the call, its console line and timings, and never the key
    const log = await getJson(server, `/api/apps/${appId}/functions/logs`, token);
    expect(log.calls[0]).toMatchObject({
      name: 'weather',
      source: 'preview',
      callerKind: 'owner',
      ok: true,
      errorCode: null,
      logs: [{ level: 'log', text: 'weather answered 200' }],
    });
    expect(log.calls[0].durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(log)).not.toContain(KEY);

    // nor is it in the messages, the versions or any prompt
    const messages = await getJson(server, `/api/apps/${appId}/chat/messages`, token);
    expect(JSON.stringify(messages)).not.toContain(KEY);
    const versions = await server.platform.db
      .select()
      .from(schema.appVersions)
      .where(eq(schema.appVersions.appId, appId));
    expect(versions.length).toBeGreaterThan(0);
    expect(JSON.stringify(versions)).not.toContain(KEY);
    expect(JSON.stringify(llm.requests.map((r) => r.body))).not.toContain(KEY);

    // visitors run the published functions only: none until published, then the published version's
    await refused(await invoke(appId, 'weather', { city: 'Paris' }), 'app/not-found');
    expect(
      (await server.request(`/api/apps/${appId}/publish`, { method: 'POST', token, json: {} })).status,
    ).toBe(200);
    expect(await resultOf(await invoke(appId, 'weather', { city: 'Rome' }))).toEqual({
      text: 'Rome: 21 °C',
      status: 200,
    });
    // a later edit changes the preview, not what visitors run
    await writeFile(appId, 'functions/weather.ts', 'export default async () => ({ text: "changed" });');
    expect(await resultOf(await invoke(appId, 'weather', {}, { token, preview: true }))).toEqual({
      text: 'changed',
    });
    expect(await resultOf(await invoke(appId, 'weather', { city: 'Oslo' }))).toEqual({
      text: 'Oslo: 21 °C',
      status: 200,
    });
    // a version holds the functions: reverting to the first turn's version brings the function back
    const history = await getJson(server, `/api/apps/${appId}/chat/messages`, token);
    const first = history.messages[0];
    const restored = await server.request(
      `/api/apps/${appId}/versions/${first.annotations[0].versionId}/restore`,
      { method: 'POST', token, json: { messageId: first.id } },
    );
    expect(restored.status).toBe(200);
    expect(
      await resultOf(await invoke(appId, 'weather', { city: 'Lima' }, { token, preview: true })),
    ).toEqual({
      text: 'Lima: 21 °C',
      status: 200,
    });
    // a visitor cannot ask for the preview; an unknown function is not found
    await refused(await invoke(appId, 'weather', {}, { preview: true }), 'auth/unauthenticated');
    await refused(await invoke(appId, 'nothing', {}, { token, preview: true }), 'function/not-found');

    // another builder's app: its function cannot read this app's key, and this app's log is not theirs
    const other = (await signUpBuilder(server)).idToken;
    const otherApp = await newSpaceApp(server, other);
    await writeFile(
      otherApp,
      'functions/steal.ts',
      `export default async (_: unknown, ctx: any) => ({ secrets: ctx.secrets, app: ctx.appId, g: Object.keys(globalThis).filter((k) => /secret|key/i.test(k)) });`,
      other,
    );
    const stolen = await invoke(otherApp, 'steal', {}, { token: other, preview: true });
    const stolenText = await stolen.text();
    expect(JSON.parse(stolenText)).toEqual({ result: { secrets: {}, app: otherApp, g: [] } });
    await refused(await invoke(appId, 'weather', {}, { token: other, preview: true }), 'app/not-found');
    await refused(
      await server.request(`/api/apps/${appId}/functions/logs`, { token: other }),
      'app/not-found',
    );
  });
});

describe("a visitor's call", () => {
  it("runs with the visitor's entity access, not the builder's", async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue([
      call('add_entity', {
        name: 'Note',
        schema: {
          type: 'object',
          properties: { text: { type: 'string' } },
          'x-accessControl': { permissions: { read: 'creator', write: 'anonymous' } },
        },
      }),
      call('insert_entity_records', { entity: 'Note', records: [{ text: 'private to the builder' }] }),
      call('add_file', {
        path: 'functions/notes.ts',
        content: `export default async (input: { add?: string }, ctx: any) => {
  if (input.add) await ctx.entities.Note.create({ text: input.add });
  const page = await ctx.entities.Note.list();
  return { user: ctx.user && ctx.user.role, texts: page.records.map((r: any) => r.text) };
};`,
      }),
      { text: 'Done.' },
    ]);
    await chatTurn(server, appId, 'Notes', { token });
    expect(
      (await server.request(`/api/apps/${appId}/publish`, { method: 'POST', token, json: {} })).status,
    ).toBe(200);

    // the builder (owner) reads every note
    expect(await resultOf(await invoke(appId, 'notes', {}, { token }))).toEqual({
      user: 'owner',
      texts: ['private to the builder'],
    });
    // an anonymous visitor may create (write: anonymous) but reads nothing of anyone's (read: creator)
    expect(await resultOf(await invoke(appId, 'notes', { add: 'from a visitor' }))).toEqual({
      user: null,
      texts: [],
    });
    expect(await resultOf(await invoke(appId, 'notes', {}, { token }))).toEqual({
      user: 'owner',
      texts: ['from a visitor', 'private to the builder'],
    });
    const log = await getJson(server, `/api/apps/${appId}/functions/logs`, token);
    expect(
      log.calls.map((c: { callerKind: string; source: string }) => `${c.callerKind} ${c.source}`),
    ).toEqual(['owner published', 'anonymous published', 'owner published']);

    // with paid memberships on, visitors call the functions as members only, as they read the records
    await server.platform.db
      .update(schema.apps)
      .set({
        appSettings: sql`coalesce(${schema.apps.appSettings}, '{}'::jsonb) || ${JSON.stringify({
          isPaidMembershipsEnabled: true,
          paidMembershipsSettings: { isSetupCompleted: true },
          paidMembershipsProduct: { id: 'prod-1', name: 'Pro' },
        })}::jsonb`,
      })
      .where(eq(schema.apps.appId, appId));
    await refused(await invoke(appId, 'notes', {}), 'payments/membership-required');
    expect(await resultOf(await invoke(appId, 'notes', {}, { token }))).toMatchObject({ user: 'owner' });
  });
});

describe('attacks on the sandbox', () => {
  let appId: string;
  const ATTACKS: Record<string, string> = {
    env: `export default async () => { return process.env; }`,
    fs: `export default async () => { const fs = eval('require')('fs'); return fs.readFileSync('/etc/passwd', 'utf8'); }`,
    importFs: `import { readFileSync } from 'node:fs'; export default async () => readFileSync('/etc/passwd', 'utf8');`,
    host: `export default async () => ({ keys: Object.getOwnPropertyNames(globalThis).filter((k) => /^(process|require|module|Buffer|global|__host.*)$/.test(k)), ctor: (() => { try { return (function () { return this; }).constructor('return typeof process')(); } catch (e) { return String(e); } })() });`,
    otherData: `export default async (input: { app: string }, ctx: any) => { const r = await ctx.entities.Secret.list(); return r; };`,
    loopback: `export default async () => { const r = await fetch('http://127.0.0.1:9/api/health'); return r.status; };`,
    // the fake service's own port, by a name that resolves to loopback: only its exact test origin is let through
    localhost: `export default async () => { const r = await fetch('http://localhost:${'${PORT}'}/now'); return r.status; };`,
    metadata: `export default async () => { const r = await ctx_fetch('http://169.254.169.254/latest/meta-data/'); return r.status; }; const ctx_fetch = (u: string) => fetch(u);`,
    loop: `export default async () => { while (true) {} };`,
    asyncHang: `export default async () => { await new Promise(() => {}); };`,
    alloc: `export default async () => new Uint8Array(1_000_000_000).length;`,
    heap: `export default async () => { const a: unknown[] = []; for (let i = 0; i < 1000; i++) a.push(new Array(1_000_000)); return a.length; };`,
    print: `export default async () => { const line = 'x'.repeat(1_000_000); for (let i = 0; i < 100; i++) console.log(line); return 'printed'; };`,
    bigResult: `export default async () => 'y'.repeat(2_000_000);`,
    throws: `export default async () => { throw new Error('boom from the function'); };`,
  };

  beforeAll(async () => {
    appId = await newSpaceApp(server, token);
    const port = new URL(weatherOrigin).port;
    // a few files a turn, as a model writes them
    const entries = Object.entries(ATTACKS);
    for (let i = 0; i < entries.length; i += 5) {
      llm.enqueue([
        ...entries
          .slice(i, i + 5)
          .map(([name, code]) =>
            call('add_file', { path: `functions/${name}.ts`, content: code.replace('${PORT}', port) }),
          ),
        { text: 'Done.' },
      ]);
      await chatTurn(server, appId, 'Attacks', { token });
    }
    const { files } = await getJson(server, `/api/apps/${appId}/files`, token);
    expect(files.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(Object.keys(ATTACKS).map((name) => `functions/${name}.ts`)),
    );
  }, 60_000);

  const run = (name: string, input: unknown = {}) => invoke(appId, name, input, { token, preview: true });

  it('has no process, require, Node modules or host globals', async () => {
    const env = await run('env');
    await expectError(
      env,
      422,
      'function/failed',
      'The function failed: ReferenceError: process is not defined',
    );
    await expectError(
      await run('fs'),
      422,
      'function/failed',
      'The function failed: ReferenceError: require is not defined',
    );
    const built = await run('importFs');
    const err = (await built.json()) as { error: { code: string; message: string } };
    expect(built.status).toBe(422);
    expect(err.error.code).toBe('function/build-failed');
    expect(err.error.message).toContain('"node:fs" cannot be imported in a server function');
    expect(await resultOf(await run('host'))).toEqual({ keys: [], ctor: 'undefined' });
  });

  it("reaches only its own app's data", async () => {
    const other = (await signUpBuilder(server)).idToken;
    const otherApp = await newSpaceApp(server, other);
    llm.enqueue([
      call('add_entity', {
        name: 'Secret',
        schema: {
          type: 'object',
          properties: { v: { type: 'string' } },
          'x-accessControl': { permissions: { read: 'anonymous', write: 'creator' } },
        },
      }),
      call('insert_entity_records', { entity: 'Secret', records: [{ v: 'other app data' }] }),
      { text: 'Done.' },
    ]);
    await chatTurn(server, otherApp, 'Secret entity', { token: other });
    const res = await run('otherData', { app: otherApp });
    await expectError(
      res,
      422,
      'function/failed',
      'The function failed: Error: entity/not-found: Entity not found',
    );
  });

  it('cannot fetch loopback, private or metadata addresses', async () => {
    await expectError(
      await run('loopback'),
      422,
      'function/failed',
      'The function failed: Error: fetch refused: 127.0.0.1 is not a public internet address',
    );
    await expectError(
      await run('localhost'),
      422,
      'function/failed',
      'The function failed: Error: fetch refused: localhost is not a public internet address',
    );
    await expectError(
      await run('metadata'),
      422,
      'function/failed',
      'The function failed: Error: fetch refused: 169.254.169.254 is not a public internet address',
    );
  });

  it('stops a loop, a hang, a huge allocation and huge output, each with its error', async () => {
    await refused(await run('loop'), 'function/cpu-limit');
    await refused(await run('asyncHang'), 'function/timeout');
    await refused(await run('alloc'), 'function/memory-limit');
    await refused(await run('heap'), 'function/memory-limit');
    await refused(await run('print'), 'function/output-limit');
    await refused(await run('bigResult'), 'function/output-limit');
    await expectError(
      await run('throws'),
      422,
      'function/failed',
      'The function failed: Error: boom from the function',
    );
    const log = await getJson(server, `/api/apps/${appId}/functions/logs`, token);
    const byName = new Map(log.calls.map((c: { name: string }) => [c.name, c]));
    expect(byName.get('loop')).toMatchObject({ ok: false, errorCode: 'function/cpu-limit' });
    expect(byName.get('throws')).toMatchObject({ ok: false, errorCode: 'function/failed' });
    expect((byName.get('throws') as { error: string }).error).toContain('boom from the function');
    // the printed lines are kept bounded
    const printed = byName.get('print') as { logs: { text: string }[] };
    expect(printed.logs.length).toBeLessThanOrEqual(100);
    expect(printed.logs.every((l) => l.text.length <= 2000)).toBe(true);
  }, 30_000);

  it('keeps the server memory flat over 200 attacks', async () => {
    const cheap = ['env', 'fs', 'alloc', 'print', 'bigResult', 'throws', 'loopback'];
    const rss = () => process.memoryUsage().rss;
    // warm-up: the first of each kind builds and compiles
    for (const name of cheap) await (await run(name)).text();
    const before = rss();
    for (let i = 0; i < 200; i++) {
      const res = await run(cheap[i % cheap.length]!);
      expect(res.status).not.toBe(200);
      await res.text();
    }
    const grown = (rss() - before) / 1e6;
    expect(grown).toBeLessThan(150);
  }, 120_000);
});
