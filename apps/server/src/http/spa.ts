import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Context, Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { getMimeType } from 'hono/utils/mime';
import { isHttpsRequest, type AppEnv } from './context';
import { loadWebDist, negotiateEncoding, type StaticFile } from './static-files';

export function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/http → ../../../web/dist ; dist → ../../web/dist
  const candidates = [path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist')];
  return candidates.find((p) => existsSync(path.join(p, 'index.html'))) ?? candidates[0]!;
}

const isApiPath = (p: string) => p === '/api' || p.startsWith('/api/');

/** Hashed build output never changes under its name: a year, and no revalidation. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function fileResponse(c: Context<AppEnv>, file: StaticFile, cacheControl: string): Response {
  const encoding = negotiateEncoding(c.req.header('accept-encoding'), file);
  const headers = new Headers({
    'Content-Type': getMimeType(file.urlPath) ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    'Content-Length': String(encoding.size),
  });
  if (file.variants.length > 0) headers.set('Vary', 'Accept-Encoding');
  if (encoding.name !== 'identity') headers.set('Content-Encoding', encoding.name);
  if (file.etag) headers.set('ETag', file.etag);
  if (file.etag && c.req.header('if-none-match') === file.etag) {
    headers.delete('Content-Length');
    return new Response(null, { status: 304, headers });
  }
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = encoding.contents ?? (Readable.toWeb(createReadStream(encoding.path)) as ReadableStream);
  return new Response(body, { status: 200, headers });
}

/**
 * Serves the built SPA (docs/decisions/0006 "Compression and caching"): the file list, index.html and the
 * precompressed brotli and gzip copies made at build time are read once at start; each answer is the smallest
 * encoding the browser accepts. Hashed assets are cached for a year, everything else is revalidated. Any other
 * client route gets index.html (history fallback); /api stays with the API.
 */
export function mountSpa(app: Hono<AppEnv>, webDist: string, opts: { appOrigin?: string } = {}): void {
  const dist = loadWebDist(webDist);
  // The browser renders these: they get the document security headers (API answers are JSON).
  const documentHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      // space apps run in frames of their own origin (decision 0007, "The app origin")
      frameSrc: ["'self'", ...(opts.appOrigin ? [opts.appOrigin] : [])],
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
  // Hashed build assets; a missing one is a 404, never the SPA page.
  app.get('/assets/*', (c) => {
    const file = dist.files.get(c.req.path);
    return file ? fileResponse(c, file, IMMUTABLE) : c.notFound();
  });
  app.get('*', (c, next) => {
    if (isApiPath(c.req.path)) return next();
    const file = dist.files.get(c.req.path);
    if (file && file !== dist.index) return fileResponse(c, file, 'no-cache');
    if (!dist.index) return c.text('The web app is not built. Run `npm run build` first.', 503);
    return fileResponse(c, dist.index, 'no-cache');
  });
}
