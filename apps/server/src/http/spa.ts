import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { getMimeType } from 'hono/utils/mime';
import { isHttpsRequest, type AppEnv } from './context';
import { CUSTOM_DOMAIN_APP_META, PUBLIC_URL_META } from '@buildai/domain';
import { loadWebDist, negotiateEncoding, type StaticFile } from './static-files';
import { webStreamOf } from './web-stream';

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
  const body = encoding.contents ?? webStreamOf(createReadStream(encoding.path));
  return new Response(body, { status: 200, headers });
}

/**
 * Serves the built SPA (docs/decisions/0006 "Compression and caching"): the file list, index.html and the
 * precompressed brotli and gzip copies made at build time are read once at start; each answer is the smallest
 * encoding the browser accepts. Hashed assets are cached for a year, everything else is revalidated. Any other
 * client route gets a document (history fallback): runtime.html for the public app pages (`/app/*`), login.html
 * for the sign-in page (`/login`), index.html for the rest; /api stays with the API.
 */
export function mountSpa(
  app: Hono<AppEnv>,
  webDist: string,
  opts: {
    appOrigin?: string;
    appForHost?: (host: string | undefined) => Promise<string | null>;
    /** the `frame-ancestors` sources of the widget's frame of an app (`/embed/{appId}`) */
    embedAncestors?: (appId: string) => Promise<string[]>;
    /** PUBLIC_URL: named in the builder's document, for the links the builder copies (`PUBLIC_URL_META`) */
    publicUrl?: string;
    /** an item page's social preview: what an anonymous visitor may read of the record, or null (no tags) */
    itemPreview?: (appId: string, entity: string, id: string) => Promise<ItemPreview | null>;
  } = {},
): void {
  const publicUrl = opts.publicUrl?.replace(/\/+$/, '');
  const dist = loadWebDist(webDist, {
    editIndex: publicUrl
      ? (html) =>
          html.replace(
            '</head>',
            `<meta name="${PUBLIC_URL_META}" content="${escapeAttr(publicUrl)}"></head>`,
          )
      : undefined,
  });
  const runtime = dist.files.get(RUNTIME_DOCUMENT);
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
    const embedded = embedAppId(c.req.path);
    // a 304 too: the browser takes the headers of a revalidation into what it cached
    if (embedded && opts.embedAncestors && (c.res.status === 200 || c.res.status === 304))
      await allowEmbedding(c, embedded, opts.embedAncestors);
  });
  // Hashed build assets; a missing one is a 404, never the SPA page.
  app.get('/assets/*', (c) => {
    const file = dist.files.get(c.req.path);
    return file ? fileResponse(c, file, IMMUTABLE) : c.notFound();
  });
  app.get('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    const file = dist.files.get(c.req.path);
    if (file && file !== dist.index && !dist.documents.some((d) => d.file === file))
      return fileResponse(c, file, 'no-cache');
    const domainApp = opts.appForHost ? await opts.appForHost(c.req.header('host')) : null;
    // an item page carries its social preview in the document: link previews do not run the page's script
    const item = itemOf(c.req.path, domainApp);
    const preview =
      item && opts.itemPreview ? await opts.itemPreview(item.appId, item.entity, item.id) : null;
    const head = preview ? previewTags(preview, new URL(c.req.url)) : '';
    if (domainApp) {
      const answer = customDomainAnswer(c, domainApp, runtime, head);
      if (answer) return answer;
    }
    if (head && runtime?.contents) return htmlAnswer(c, runtime, head);
    // the public app pages and the sign-in page have documents of their own, without the builder's router
    const document = dist.documents.find((d) => d.serves(c.req.path))?.file ?? dist.index;
    if (!document) return c.text('The web app is not built. Run `npm run build` first.', 503);
    return fileResponse(c, document, 'no-cache');
  });
}

/** `/embed/{appId}`: the app's widget frame (decision 0010 "The widget's frame"); null for any other path. */
function embedAppId(pathname: string): string | null {
  const m = /^\/embed\/([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

/**
 * The widget's frame is shown inside other sites: its document may be framed by the origins the builder listed
 * (any site when none), where every other document of the product may be framed by the product only. The old
 * X-Frame-Options header knows no list of origins and would forbid it: the policy alone decides.
 */
async function allowEmbedding(
  c: Context<AppEnv>,
  appId: string,
  ancestors: (appId: string) => Promise<string[]>,
) {
  const sources = await ancestors(appId);
  const policy = c.res.headers.get('Content-Security-Policy') ?? '';
  c.res.headers.set(
    'Content-Security-Policy',
    policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${sources.join(' ')}`),
  );
  c.res.headers.delete('X-Frame-Options');
  c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
}

const RUNTIME_DOCUMENT = '/runtime.html';
/** On an app's own domain these keep their product meaning (sign-in, emailed links, `/app/{appId}` pages, the widget's frame). */
const PRODUCT_PATHS = ['/login', '/logout', '/auth/', '/error/', '/app/', '/embed/'];

/**
 * An app's custom domain (README "Custom domains"): the sign-in page is the app's (`/login` gains the app's id),
 * and every other page address is the app's public page, its runtime document told which app through a meta tag
 * (the web reads `/`, `/tool/{path}`, `/{Page}` as under `/app/{appId}`). Undefined: served as on any host.
 */
function customDomainAnswer(
  c: Context<AppEnv>,
  appId: string,
  runtime: StaticFile | undefined,
  head: string,
) {
  const url = new URL(c.req.url);
  if (url.pathname === '/login') {
    if (url.searchParams.get('appId')) return undefined;
    url.searchParams.set('appId', appId);
    return c.redirect(`/login?${url.searchParams.toString()}`, 302);
  }
  if (PRODUCT_PATHS.some((p) => url.pathname === p || (p.endsWith('/') && url.pathname.startsWith(p))))
    return undefined;
  if (!runtime?.contents) return undefined;
  return htmlAnswer(
    c,
    runtime,
    `<meta name="${CUSTOM_DOMAIN_APP_META}" content="${escapeAttr(appId)}">${head}`,
  );
}

/** The runtime document with tags added to its head, never cached (what it names may change). */
function htmlAnswer(c: Context<AppEnv>, runtime: StaticFile, head: string): Response {
  const html = Buffer.from(runtime.contents!).toString('utf8').replace('</head>', `${head}</head>`);
  const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' };
  return new Response(c.req.method === 'HEAD' ? null : html, { status: 200, headers });
}

/** What an item page's link preview shows (Open Graph and Twitter card tags). */
export interface ItemPreview {
  title: string;
  description: string;
  /** an https address, or a path on this server */
  image: string | null;
}

/** `/app/{appId}/item/{entity}/{id}`, or `/item/{entity}/{id}` on an app's own domain; null for any other path. */
function itemOf(
  pathname: string,
  domainApp: string | null,
): { appId: string; entity: string; id: string } | null {
  const m =
    /^\/app\/([^/]+)\/item\/([^/]+)\/([^/]+)\/?$/.exec(pathname) ??
    (domainApp ? /^()\/item\/([^/]+)\/([^/]+)\/?$/.exec(pathname) : null);
  if (!m) return null;
  try {
    const appId = m[1] ? decodeURIComponent(m[1]) : domainApp!;
    return { appId, entity: decodeURIComponent(m[2]!), id: decodeURIComponent(m[3]!) };
  } catch {
    return null;
  }
}

function previewTags(preview: ItemPreview, url: URL): string {
  const meta = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeAttr(value)}">`;
  const image = preview.image ? new URL(preview.image, url.origin).href : null;
  return [
    meta('property', 'og:type', 'article'),
    meta('property', 'og:title', preview.title),
    ...(preview.description ? [meta('property', 'og:description', preview.description)] : []),
    meta('property', 'og:url', `${url.origin}${url.pathname}`),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    ...(preview.description ? [meta('name', 'description', preview.description)] : []),
  ].join('');
}

const escapeAttr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
