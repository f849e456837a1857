import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpBuilder,
  startFakeGumroad,
  startFakeLlm,
  startTestServer,
  type FakeGumroad,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { fakeLlmConfig, json, makeTool } from './helpers';

/**
 * Every route of the OpenAPI document (which a test keeps equal to Hono's route table) called with hostile
 * params, queries and bodies, anonymously and as a builder with an app of their own: no answer may be a 5xx
 * (docs/decisions/0006, "Ids and text at the edge").
 */

let server: TestServer;
let llm: FakeLlm;
let gumroad: FakeGumroad;
let builder: {
  idToken: string;
  appId: string;
  toolId: string;
  path: string;
  spaceAppId: string;
  recordId: string;
};
let routes: Route[];

interface Route {
  method: string;
  path: string;
  query: string[];
  bodyKeys: string[];
  upload: boolean;
}

beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'test-key' });
  // a valid field for magic create and a short answer for runs: the model's side is not what is fuzzed
  llm.respondWith(() => ({ text: JSON.stringify({ name: 'topic', label: 'Topic', type: 'text' }) }));
  // Gumroad's side neither: a token it refuses is the caller's error, never an outage
  gumroad = await startFakeGumroad();
  server = await startTestServer({ ...fakeLlmConfig(llm), GUMROAD_API_URL: gumroad.url, LOG_LEVEL: 'error' });
  const b = await signUpBuilder(server);
  const tool = await makeTool(server, b.idToken);
  const space = await json(
    await server.request('/api/apps/new', { method: 'POST', token: b.idToken, json: { kind: 'space' } }),
  );
  // an entity with a record, so the app database's routes reach their work (validation, permissions, paging)
  await server.request(`/api/apps/${space.appId}/entities/Task`, {
    method: 'PUT',
    token: b.idToken,
    json: {
      schema: { properties: { title: { type: 'string' }, n: { type: 'number' } }, required: ['title'] },
    },
  });
  const record = await json(
    await server.request(`/api/apps/${space.appId}/entities/Task/records`, {
      method: 'POST',
      token: b.idToken,
      json: { fields: { title: 'first' } },
    }),
  );
  builder = { idToken: b.idToken, ...tool, spaceAppId: space.appId, recordId: record.id };
  const doc = await json(await server.request('/api/openapi.json'));
  routes = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, OpenApiOperation>>)) {
    for (const [method, op] of Object.entries(item)) {
      const content = op.requestBody?.content ?? {};
      routes.push({
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyKeys: Object.keys(content['application/json']?.schema?.properties ?? {}),
        upload: 'multipart/form-data' in content,
      });
    }
  }
}, 60_000);
afterAll(async () => {
  await server?.close();
  await llm?.close();
  await gumroad?.close();
});

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

const NASTY_TEXT = [
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  '💥',
  'x'.repeat(70_000),
  ' ',
];
const nastyString = fc.oneof(fc.constantFrom(...NASTY_TEXT), fc.string({ unit: 'binary', maxLength: 40 }));
const nastyNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 1e308, -1e308, 2 ** 53 + 1, 0.1, -0.5),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(nastyString, tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Text that is not JSON, or JSON that hurts: NaN, `__proto__`, deep nesting, a huge string. */
const RAW_BODIES = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"x": NaN}',
  '{"x": -Infinity}',
  '\u0000',
  '{"a":1}}',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
  '['.repeat(10_000) + ']'.repeat(10_000),
  '{"a":'.repeat(200) + '1' + '}'.repeat(200),
  `"${'x'.repeat(200_000)}"`,
  '"\\ud800"',
  '{"header":"a\\u0000"}',
];

/** A path segment: the builder's own ids, other shapes, NUL, bad percent escapes, long ones. */
function segment(name: string) {
  const own: Record<string, string[]> = {
    appId: [builder.appId, builder.spaceAppId],
    toolId: [builder.toolId],
    path: ['pages/Home.tsx', 'pages%2FNew.tsx'],
    toolPath: [builder.path],
    provider: ['notion', 'google-drive'],
    name: ['Task', 'User'],
    id: [builder.recordId],
  };
  return fc.oneof(
    fc.constantFrom(...(own[name] ?? ['abc'])),
    fc.constantFrom(
      '%00',
      'a%00b',
      '%FF',
      '%ED%A0%80',
      '%2e%2e',
      '..',
      'a'.repeat(300),
      '%F0%9F%92%A5',
      '-',
      '_',
    ),
    fc.string({ maxLength: 20 }).map(encodeURIComponent),
  );
}

const queryValue = () =>
  fc.oneof(
    fc.constantFrom(builder.appId, '%00', '%FF', '%ED%A0%80', '', 'unsynced', 'logo', '-1', 'NaN', '1e309'),
    fc.constant('x'.repeat(5000)),
    fc.string({ maxLength: 20 }).map(encodeURIComponent),
  );

/** Cookies the server reads (refresh token, end user, sign-in state) with hostile values. */
const cookie = fc.option(
  fc
    .tuple(
      fc.constantFrom('buildai_refresh', 'bai_uid', 'buildai_google', 'buildai_integration_notion'),
      fc.constantFrom('%00', 'a%00b', '%FF', '%ED%A0%80', 'x'.repeat(5000), '', 'e30', 'abc.def.ghi'),
    )
    .map(([name, value]) => `${name}=${value}`),
  { nil: undefined },
);

const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  undefined,
  'application/json; charset=latin1',
);

function request(route: Route) {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const body = fc.oneof(
    fc.constantFrom(...RAW_BODIES),
    nastyValue.map((v) => JSON.stringify(v) ?? ''),
    fc
      .record(Object.fromEntries(route.bodyKeys.map((k) => [k, nastyValue])), { requiredKeys: [] })
      .map((v) => JSON.stringify(v)),
  );
  return fc.record({
    segments: fc.tuple(...names.map(segment)),
    query: fc.dictionary(
      fc.oneof(
        fc.constantFrom(...(route.query.length ? route.query : ['appId'])),
        fc.constantFrom('appId', 'x'),
      ),
      queryValue(),
      { maxKeys: 3 },
    ),
    body,
    contentType,
    signedIn: fc.boolean(),
    cookie,
    upload: route.upload ? fc.boolean() : fc.constant(false),
  });
}

type RequestInput = ReturnType<typeof request> extends fc.Arbitrary<infer T> ? T : never;

async function call(route: Route, input: RequestInput) {
  let i = 0;
  let path = route.path.replace(/\{\w+\}/g, () => input.segments[i++]!);
  const query = Object.entries(input.query)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('&');
  if (query) path += `?${query}`;
  // `/mcp/%2e%2e` is `/` for any URL parser: a segment that climbs out of the route's first one names the
  // product's pages (the SPA), not this route, so it is not this route's answer (under /api it stays in /api)
  const top = `/${route.path.split('/')[1]}/`;
  if (!new URL(path, 'http://fuzz.test').pathname.startsWith(top)) return null;
  const headers = new Headers();
  if (input.cookie) headers.set('cookie', input.cookie);
  let body: string | FormData | undefined;
  if (route.method !== 'GET') {
    if (input.upload) {
      const form = new FormData();
      form.append('file', new Blob([input.body]), 'a\u0000.txt');
      body = form;
    } else {
      body = input.body;
      if (input.contentType) headers.set('content-type', input.contentType);
    }
  }
  const res = await server.request(path, {
    method: route.method,
    headers,
    body,
    token: input.signedIn ? builder.idToken : undefined,
  });
  // server-sent event streams stay open: only the status matters here
  const text = res.headers.get('content-type')?.startsWith('text/event-stream')
    ? (await res.body?.cancel(), '')
    : await res.text();
  return { status: res.status, text, path };
}

describe('every route under hostile input', () => {
  it('never answers a 5xx, anonymous or signed in', async () => {
    const seen = new Map<number, number>();
    const cases = fc
      .constantFrom(...routes)
      .chain((route) => request(route).map((input) => ({ route, input })));
    await fc.assert(
      fc.asyncProperty(cases, async ({ route, input }) => {
        const answer = await call(route, input);
        if (!answer) return;
        const { status, text, path } = answer;
        seen.set(status, (seen.get(status) ?? 0) + 1);
        if (status >= 500)
          throw new Error(`${route.method} ${path.slice(0, 200)} → ${status} ${text.slice(0, 300)}`);
      }),
      {
        numRuns: routes.length * Number(process.env.FUZZ_RUNS ?? 40),
        seed: Number(process.env.FUZZ_SEED ?? 20261124),
        endOnFailure: true,
      },
    );
    // the fuzz reached the routes' work, not only their refusals
    const answered = [...seen.keys()];
    expect(answered.some((s) => s >= 200 && s < 300)).toBe(true);
    expect(answered.some((s) => s >= 400 && s < 500)).toBe(true);
  }, 300_000);
});
