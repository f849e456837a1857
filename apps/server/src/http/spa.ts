import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { isHttpsRequest, type AppEnv } from './context';

export function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/http → ../../../web/dist ; dist → ../../web/dist
  const candidates = [path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist')];
  return candidates.find((p) => existsSync(path.join(p, 'index.html'))) ?? candidates[0]!;
}

/**
 * Serves the built SPA: real files (hashed assets cached for a year), and index.html for every other
 * client route (history fallback). /api stays with the API.
 */
const isApiPath = (p: string) => p === '/api' || p.startsWith('/api/');

export function mountSpa(app: Hono<AppEnv>, webDist: string): void {
  const indexFile = path.join(webDist, 'index.html');
  const files = serveStatic({ root: webDist });
  // The browser renders these: they get the document security headers (API answers are JSON).
  const documentHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      frameAncestors: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    // sent below, and only over https: browsers ignore it over http, and a plain-http install must stay reachable
    strictTransportSecurity: false,
    // the Google sign-in popup leaves our origin and comes back; it must still reach the page that opened it
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
  });
  app.use('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    await documentHeaders(c, next);
    if (isHttpsRequest(c)) c.header('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
  });
  // Hashed build assets: cached for a year; a missing one is a 404, never the SPA page.
  app.get('/assets/*', async (c) => {
    const res = await files(c, async () => {});
    if (!res) return c.notFound();
    res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    return res;
  });
  app.get('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    const res = await files(c, async () => {});
    if (res) return res;
    if (!existsSync(indexFile)) return c.text('The web app is not built. Run `npm run build` first.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}
