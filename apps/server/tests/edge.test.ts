import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@buildai/server';
import { BUILDER_PASSWORD, signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { json, makeGeneratedApp, makeTool } from './helpers';

let server: TestServer;
let url = '';
beforeAll(async () => {
  server = await startTestServer();
  url = await server.listen();
});
afterAll(() => server.close());

const TWO_MB = 2 * 1024 * 1024;
const tooLarge = {
  error: { code: 'request/too-large', message: 'The request is too large (at most 1 MB)' },
};

/** A body sent in chunks with no Content-Length (Transfer-Encoding: chunked over HTTP). */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, (at += 64 * 1024)));
    },
  });
}

const signUpBody = (padding: number) =>
  JSON.stringify({
    email: `big-${padding}@example.com`,
    password: BUILDER_PASSWORD,
    tenantId: 'platform',
    pad: 'x'.repeat(padding),
  });
const userCount = async () => (await server.platform.db.select().from(schema.users)).length;

describe('body limits', () => {
  it('refuses a 2 MB JSON body by its Content-Length, and writes nothing', async () => {
    const before = await userCount();
    const body = signUpBody(TWO_MB);
    const res = await fetch(`${url}/api/live_api/auth/signUp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
    expect(await userCount()).toBe(before);
  });

  it('refuses a chunked body without a Content-Length once it passes 1 MB, and writes nothing', async () => {
    const { idToken } = await signUpBuilder(server);
    const appId = await makeGeneratedApp(server, idToken);
    const before = await userCount();
    // in-process: over HTTP the server answers 413 and closes the socket while the client is still sending
    const signUp = await server.request('/api/live_api/auth/signUp', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunked(signUpBody(TWO_MB)),
      duplex: 'half',
    } as RequestInit);
    expect(signUp.status).toBe(413);
    expect(await signUp.json()).toEqual(tooLarge);
    expect(await userCount()).toBe(before);

    const tool = await server.request(`/api/apps/${appId}/tools`, {
      method: 'POST',
      token: idToken,
      headers: { 'content-type': 'application/json' },
      body: chunked(JSON.stringify({ title: 'x'.repeat(TWO_MB), path: 'big' })),
      duplex: 'half',
    } as RequestInit);
    expect(tool.status).toBe(413);
    expect(await tool.json()).toEqual(tooLarge);
    expect(await server.platform.db.select().from(schema.tools)).not.toContainEqual(
      expect.objectContaining({ appId, path: 'big' }),
    );
  });

  it('still takes pasted text of 2 MB, within the plan file size', async () => {
    const { idToken } = await signUpBuilder(server);
    const { appId } = await makeTool(server, idToken);
    const res = await server.request(`/api/context/ingest/text?appId=${appId}`, {
      method: 'POST',
      token: idToken,
      headers: { 'content-type': 'application/json' },
      body: chunked(JSON.stringify({ context: 'Our shop opens at nine. '.repeat(TWO_MB / 24) })),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(201);
    expect((await json(res)).contextItemId).toEqual(expect.any(String));
  });
});

describe('ids and text at the edge', () => {
  it('answers an id of an unknown shape as a missing resource, before any query', async () => {
    const { idToken } = await signUpBuilder(server);
    const notFound = { error: { code: 'not-found', message: 'Not found' } };
    for (const path of [
      '/api/live_api/auth/config?appId=%00',
      '/api/live_api/app/paidPlans?appId=%00',
      '/api/live_api/user/memories/current?appId=a%00b',
      '/api/apps/%00',
      `/api/apps/${'a'.repeat(65)}`,
      '/api/apps/x%00/runs/y',
    ]) {
      const res = await server.request(path, { token: idToken });
      expect([path, res.status, await res.json()]).toEqual([path, 404, notFound]);
    }
    const del = await server.request('/api/context/%00', { method: 'DELETE', token: idToken });
    expect(await del.json()).toEqual(notFound);
  });

  it('removes U+0000, replaces lone surrogates and drops __proto__ keys in JSON text', async () => {
    const { idToken } = await signUpBuilder(server);
    const { appId, toolId } = await makeTool(server, idToken);
    const body =
      '{"header":"a\\u0000b","description":"c\\ud800d","__proto__":{"polluted":true},"fields":[],"gptPrompt":"p"}';
    const res = await server.request(`/api/apps/${appId}/tools/${toolId}`, {
      method: 'PUT',
      token: idToken,
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    const saved = (
      await server.platform.db.select({ definition: schema.tools.definition }).from(schema.tools)
    ).find((t) => (t.definition as { header?: string }).header === 'ab');
    expect(saved?.definition).toMatchObject({ header: 'ab', description: 'c\uFFFDd' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses JSON nested deeper than any body the product sends', async () => {
    const res = await server.request('/api/live_api/auth/signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '['.repeat(5000) + ']'.repeat(5000),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'request/invalid', message: 'The request body is nested too deeply' },
    });
  });
});
