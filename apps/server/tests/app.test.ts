import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@buildai/testkit';
import { json } from './helpers';

let server: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'buildai-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root">BuildAI SPA</div>');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  server = await startTestServer({ WEB_DIST: webDist });
});
afterAll(() => server.close());

describe('server basics', () => {
  it('answers the health check naming the adapters in use', async () => {
    const res = await server.request('/api/health');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.status).toBe('ok');
    expect(body.adapters).toMatchObject({
      db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      jobs: process.env.TEST_REDIS_URL ? 'bullmq' : 'in-process',
      events: process.env.TEST_REDIS_URL ? 'redis' : 'in-process',
      blobs: 'filesystem',
      mail: 'outbox',
      ai: 'none',
    });
  });

  it('names every answer with a request id and sends security headers, over real HTTP', async () => {
    const url = await server.listen();
    const api = await fetch(`${url}/api/health`);
    expect(api.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    const again = await fetch(`${url}/api/health`);
    expect(again.headers.get('x-request-id')).not.toBe(api.headers.get('x-request-id'));
    // over HTTP the health check goes through the app's routing like every other request
    expect(api.headers.get('content-type')).toBe('application/json');
    expect(await api.json()).toEqual(await json(await server.request('/api/health')));
    const head = await fetch(`${url}/api/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    // documents the browser renders get the full set
    const page = await fetch(`${url}/login`);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // the Google sign-in popup must keep its opener
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers unknown API paths with the JSON error model', async () => {
    const res = await server.request('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ error: { code: 'not-found', message: 'Not found' } });
  });

  it.each(['/', '/login', '/home', '/build/app/abc/tool/def', '/app/abc/tool/my-tool', '/settings?x=1'])(
    'serves the SPA for client route %s',
    async (route) => {
      const res = await server.request(route);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('BuildAI SPA');
    },
  );

  it('serves built assets with a long cache', async () => {
    const res = await server.request('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toBe('console.log(1)');
  });
});
