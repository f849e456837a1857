import { createHash } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import type { Platform } from '../../platform';
import { embedAncestors } from './embed-ancestors';
import { EMBED_SCRIPT } from './embed-script';

const SCRIPT_ETAG = `"${createHash('sha256').update(EMBED_SCRIPT).digest('base64url').slice(0, 22)}"`;

/**
 * `GET /embed.js`, the widget's script (decision 0010 "The widget"). Other sites load it with a script tag, so it
 * is marked for cross-origin use (without it, `Cross-Origin-Resource-Policy` would block it); sites keep it for five
 * minutes and then revalidate, so a new version reaches them soon.
 */
export function widgetRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // whether the asking site may show the widget: the script shows nothing (and tells the builder in the console)
  // where the frame would be refused, rather than a broken grey box (issue 32, item 13)
  app.get('/embed-allowed/:appId', async (c) => {
    const allowed = await siteMayEmbed(c.get('platform'), c.req.param('appId'), c.req.header('origin'));
    return c.json({ allowed }, 200, {
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'no-store',
      Vary: 'Origin',
    });
  });
  app.on(['GET', 'HEAD'], '/embed.js', (c) => {
    const headers = {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=300, must-revalidate',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'X-Content-Type-Options': 'nosniff',
      ETag: SCRIPT_ETAG,
    };
    if (c.req.header('if-none-match') === SCRIPT_ETAG) return new Response(null, { status: 304, headers });
    return new Response(c.req.method === 'HEAD' ? null : EMBED_SCRIPT, { status: 200, headers });
  });
  return app;
}

/**
 * The assistant's public face (`GET /api/apps/{appId}/assistant/info`: its name and colours) may be read by the
 * widget's script from any site: it is what the bubble shows, and it is asked without credentials.
 */
export function assistantInfoCors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method === 'GET') c.res.headers.set('Access-Control-Allow-Origin', '*');
  };
}

/** Whether a site (its origin, as the browser names it) may frame the app's widget: `frame-ancestors` allows it. */
export async function siteMayEmbed(platform: Platform, appId: string, origin: string | undefined) {
  const sources = await embedAncestors(platform, appId);
  if (sources.includes('*')) return true;
  if (!origin || origin === 'null') return false;
  return sources.includes(origin.toLowerCase());
}
