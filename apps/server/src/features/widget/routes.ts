import { createHash } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import { EMBED_SCRIPT } from './embed-script';

const SCRIPT_ETAG = `"${createHash('sha256').update(EMBED_SCRIPT).digest('base64url').slice(0, 22)}"`;

/**
 * `GET /embed.js`, the widget's script (decision 0010 "The widget"). Other sites load it with a script tag, so it
 * is marked for cross-origin use (without it, `Cross-Origin-Resource-Policy` would block it); sites keep it for five
 * minutes and then revalidate, so a new version reaches them soon.
 */
export function widgetRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
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
