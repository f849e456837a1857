import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@buildai/testkit';
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
