import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@buildai/testkit';
import { readFileSync } from 'node:fs';
import {
  appOrigin,
  appOriginWarning,
  createAppOrigin,
  createNodeHandler,
  dispatchByHost,
  loadConfig,
} from '../src';

describe('the app origin address', () => {
  it('is APP_ORIGIN when set, else the product host on APP_PORT (default PORT+1)', () => {
    expect(appOrigin(loadConfig({ APP_ORIGIN: 'https://apps.example.com/' }))).toBe(
      'https://apps.example.com',
    );
    expect(appOrigin(loadConfig({ PORT: '4000' }))).toBe('http://localhost:4001');
    expect(
      appOrigin(loadConfig({ PORT: '4000', APP_PORT: '5000', PUBLIC_URL: 'https://build.example.com' })),
    ).toBe('https://build.example.com:5000');
    expect(() => loadConfig({ APP_PORT: 'seventy' })).toThrow(/APP_PORT/);
  });

  it('warns while it shares the product host name (cookies ignore ports), and the README says why', () => {
    expect(appOriginWarning(loadConfig({ PUBLIC_URL: 'https://build.example.com' }))).toBe(
      "Space apps are served on https://build.example.com:3001, the product's own host name: cookies ignore " +
        "ports, so the product's session cookie also reaches the apps' code. In production set APP_ORIGIN to " +
        'another site (for example https://apps.example-usercontent.com).',
    );
    expect(
      appOriginWarning(
        loadConfig({
          PUBLIC_URL: 'https://build.example.com',
          APP_ORIGIN: 'https://apps.example-usercontent.com',
        }),
      ),
    ).toBeNull();
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('## In production: the app origin on another site');
    expect(readme).toMatch(/cookies ignore ports: the product's readable token cookie/);
  });
});

describe('APP_ORIGIN: one port, told apart by Host', () => {
  let server: TestServer;
  let http: Server;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer({ APP_ORIGIN: 'http://apps.example.test' });
    const handler = dispatchByHost(
      server.appOrigin,
      createNodeHandler(createAppOrigin(server.platform, server.services)),
      createNodeHandler(server.app),
    );
    http = createServer(handler);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
    port = (http.address() as AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await server.close();
  });

  const get = (path: string, host: string) =>
    new Promise<{ status: number; csp: string | undefined; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, csp: res.headers['content-security-policy'] as string, body }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  it('sends the app host to the app origin and every other host to the product', async () => {
    expect(server.appOrigin).toBe('http://apps.example.test');
    const product = await get('/api/health', `127.0.0.1:${port}`);
    expect(product.status).toBe(200);
    const onApps = await get('/api/health', 'apps.example.test');
    expect(onApps.status).toBe(404);
    expect(onApps.csp).toMatch(/^sandbox allow-scripts allow-forms allow-popups;/);
    expect(onApps.body).toContain('The app origin serves apps only.');
    const missing = await get('/apps/nosuchapp/', 'apps.example.test');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('App not found');
    expect((await get('/apps/nosuchapp/', `127.0.0.1:${port}`)).status).toBe(404);
  });
});
