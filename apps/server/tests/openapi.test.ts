import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAPIHono } from '@hono/zod-openapi';
import { sentResponse } from '@buildai/domain';
import { startTestServer, type TestServer } from '@buildai/testkit';
import type { AppEnv } from '../src/http/context';
import { route } from '../src/http/validation';
import { json } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * `METHOD /api/path/{param}` of every route in Hono's table (middleware, mounted for ALL methods, left out), and
 * the MCP endpoint `/mcp/{appId}` (decision 0010).
 */
function routeTable(): Set<string> {
  const out = new Set<string>();
  for (const { method, path } of server.app.routes) {
    if (method === 'ALL' || !(path.startsWith('/api/') || path.startsWith('/mcp/'))) continue;
    // `/:id` is `{id}` in the document; an image's key and a space app's file path have slashes, so Hono
    // matches them as `/*`
    const documented =
      path === '/api/files/*'
        ? '/api/files/{key}'
        : path.replace(/:([^/{]+)/g, '{$1}').replace(/\/files\/\*$/, '/files/{path}');
    out.add(`${method} ${documented}`);
  }
  return out;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists exactly the routes Hono serves under /api', async () => {
    const res = await server.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await json(res);
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(item).filter((m) => METHODS.includes(m)))
        documented.add(`${method.toUpperCase()} ${path}`);
    }
    const served = routeTable();
    expect([...served].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !served.has(r))).toEqual([]);
    // a few known ones, so an empty table on both sides cannot pass
    expect(served).toContain('POST /api/live_api/auth/signUp');
    expect(served).toContain('PUT /api/apps/{appId}/tools/{toolId}');
    expect(served).toContain('GET /api/openapi.json');
    expect(served).toContain('PATCH /api/apps/{appId}/entities/{name}/records/{id}');
    expect(served).toContain('POST /api/apps/{appId}/entities/{name}/records/bulk');
    expect(served).toContain('POST /api/v1/apps/{appId}/tools/{toolPath}/run');
    expect(served).toContain('DELETE /api/apps/{appId}/api-keys/{keyId}');
    expect(served).toContain('POST /mcp/{appId}');
  });

  it("describes a route's params, query and body from the domain's schemas", async () => {
    const doc = await json(await server.request('/api/openapi.json'));
    const style = doc.paths['/api/apps/{appId}/style'].post;
    expect(style.parameters).toContainEqual(
      expect.objectContaining({ name: 'appId', in: 'path', required: true }),
    );
    const appStyle = style.requestBody.content['application/json'].schema.properties.appStyle;
    expect(appStyle.properties.styleName.enum).toEqual(['dark', 'colorful', 'light']);
    const items = doc.paths['/api/context/items'].get;
    expect(items.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['appId', 'status']);
  });
});

// ---- the contract a client is generated from (docs/decisions/0020-api-contract.md) ----------------------------------

interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<
    string,
    { content?: Record<string, { schema?: Record<string, unknown> }>; $ref?: string }
  >;
}
type Doc = { paths: Record<string, Record<string, Operation>> } & Record<string, unknown>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * A fresh folder under the repository's node_modules/.cache (removed after the test): inside the repository, so the
 * generated client resolves `openapi-fetch` as any of our files would.
 */
async function scratchDir(name: string): Promise<string> {
  const cache = path.join(root, 'node_modules/.cache');
  await fs.mkdir(cache, { recursive: true });
  return fs.mkdtemp(path.join(cache, `${name}-`));
}

/** Every operation of the document: `METHOD path` and the operation. */
function operations(doc: Doc): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    METHODS.filter((m) => item[m]).map((m) => [m, p, item[m]!] as [string, string, Operation]),
  );
}

/** The JSON schema of an operation's success, or null when it answers no JSON (204, a redirect, a stream, a file). */
function jsonSuccess(operation: Operation): Record<string, unknown> | null {
  const [, success] =
    Object.entries(operation.responses).find(([status]) => /^2\d\d$|^405$/.test(status)) ?? [];
  return success?.content?.['application/json']?.schema ?? null;
}

describe('the OpenAPI contract', () => {
  let doc: Doc;
  beforeAll(async () => {
    doc = (await json(await server.request('/api/openapi.json'))) as Doc;
  });

  it('names the answer of every route that answers JSON, from the domain', () => {
    const unnamed = operations(doc)
      .filter(([, , op]) => {
        const schema = jsonSuccess(op);
        return schema !== null && Object.keys(schema).length === 0;
      })
      .map(([method, p]) => `${method.toUpperCase()} ${p}`);
    expect(
      unnamed,
      'these routes answer JSON without a response schema: name one with `response:` in their route() ' +
        '(docs/architecture.md §11, "A route")',
    ).toEqual([]);
    // the answer is the domain's schema, not a loose object
    const app = jsonSuccess(doc.paths['/api/apps/{appId}']!.get!) as { properties: Record<string, unknown> };
    expect(Object.keys(app.properties)).toEqual(expect.arrayContaining(['appId', 'tools', 'appStyle']));
  });

  it('holds a handler to its response schema (the type-check of this file is the test)', async () => {
    const r = new OpenAPIHono<AppEnv>();
    route(r, { method: 'post', path: '/good', summary: 'Sends', response: sentResponse }, (c) =>
      c.json({ sent: true }),
    );
    route(r, { method: 'post', path: '/bad', summary: 'Sends', response: sentResponse }, (c) =>
      // @ts-expect-error `sent` is a boolean in the schema: the compiler refuses a string
      c.json({ sent: 'yes' }),
    );
    const res = await r.request('/good', { method: 'POST' });
    expect(await res.json()).toEqual({ sent: true });
  });

  it('gives every operation an id, its security and the error catalogue', () => {
    const ids = operations(doc).map(([, , op]) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/apps/{appId}']!.get!.operationId).toBe('getAppsAppId');
    const schemes = (doc.components as { securitySchemes: Record<string, unknown> }).securitySchemes;
    expect(schemes).toEqual({
      idToken: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
      appApiKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(doc.paths['/api/v1/apps/{appId}/tools/{toolPath}/run']!.post!.security).toEqual([
      { appApiKey: [] },
    ]);
    expect(doc.paths['/api/apps']!.get!.security).toEqual([{ idToken: [] }, {}]);
    const responses = doc.paths['/api/apps/{appId}']!.get!.responses;
    expect(responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    const notFound = (doc.components as { responses: Record<string, { description: string }> }).responses
      .NotFound!;
    expect(notFound.description).toContain('`app/not-found`: App not found');
  });

  it('lints clean with redocly (recommended rules)', async () => {
    const dir = await scratchDir('openapi-lint');
    try {
      await fs.writeFile(path.join(dir, 'openapi.json'), JSON.stringify(doc));
      await fs.writeFile(path.join(dir, 'redocly.yaml'), 'extends:\n  - recommended\n');
      const { stdout } = await promisify(execFile)(
        path.join(root, 'node_modules/.bin/redocly'),
        ['lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json'],
        {
          cwd: dir,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
      const { problems } = JSON.parse(stdout) as {
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const errors = problems
        .filter((p) => p.severity === 'error')
        .map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
      expect(errors).toEqual([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('generates a typed client that type-checks a call to every route', async () => {
    const dir = await scratchDir('openapi-client');
    try {
      const types = astToString(await openapiTS(doc as never));
      await fs.writeFile(path.join(dir, 'api.ts'), types);
      await fs.writeFile(path.join(dir, 'calls.ts'), clientCalls(doc));
      const program = ts.createProgram([path.join(dir, 'calls.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        types: [],
        skipLibCheck: true,
      });
      const problems = ts.getPreEmitDiagnostics(program).map((d) => {
        const where = d.file
          ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
          : '';
        return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      });
      expect(problems).toEqual([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

/**
 * A module that calls every operation through openapi-fetch with the generated `paths`: each call's options are
 * the operation's own (so its path and method must exist), and a JSON answer must be typed (never `unknown`).
 * A few calls with written values check that the types are the domain's.
 */
function clientCalls(doc: Doc): string {
  const lines = [
    "import createClient, { type FetchOptions } from 'openapi-fetch';",
    "import type { paths } from './api';",
    '',
    'const client = createClient<paths>({ baseUrl: "http://localhost" });',
    '/** refuses `unknown`: an answer the document does not describe */',
    "type Described<T> = unknown extends T ? { error: 'this answer is not described' } : T;",
    '',
  ];
  for (const [method, p, op] of operations(doc)) {
    const verb = method.toUpperCase();
    lines.push(
      `export async function ${op.operationId}(init: FetchOptions<paths[${JSON.stringify(p)}][${JSON.stringify(method)}]>) {`,
      `  const { data } = await client.${verb}(${JSON.stringify(p)}, init);`,
      ...(jsonSuccess(op)
        ? ['  const described: Described<typeof data> = data;', '  return described;']
        : []),
      '}',
    );
  }
  lines.push(
    '',
    'export async function written() {',
    "  const app = await client.GET('/api/apps/{appId}', { params: { path: { appId: 'a1' } } });",
    '  const header: string | undefined = app.data?.tools[0]?.app.header;',
    "  const style: 'dark' | 'colorful' | 'light' | undefined = app.data?.appStyle.styleName;",
    "  const page = await client.GET('/api/apps/{appId}/entities/{name}/records', {",
    "    params: { path: { appId: 'a1', name: 'Task' }, query: { limit: 10 } },",
    '  });',
    '  const cursor: string | null | undefined = page.data?.nextCursor;',
    "  const run = await client.POST('/api/v1/apps/{appId}/tools/{toolPath}/run', {",
    "    params: { path: { appId: 'a1', toolPath: 'summary' } },",
    "    body: { inputs: { topic: 'tides' } },",
    '  });',
    // JSON, or the run's events as text with `stream: true`
    "  const output: string | undefined = typeof run.data === 'string' ? run.data : run.data?.output;",
    "  const signedIn = await client.POST('/api/live_api/auth/signIn', { body: { email: 'a@b.c', password: 'pw' } });",
    '  const token: string | undefined = signedIn.data?.idToken;',
    '  const message: string | undefined = signedIn.error?.error.message;',
    '  return [header, style, cursor, output, token, message];',
    '}',
  );
  return lines.join('\n') + '\n';
}
