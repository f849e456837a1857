import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { healthBody, type Platform } from '../platform';
import type { AppEnv } from './context';

export interface IncomingWithId extends IncomingMessage {
  requestId?: string;
}

/**
 * The node:http handler around the Hono app. Headers every answer carries are set here with
 * `res.setHeader`, which costs far less than editing the fetch Response's Headers in a middleware.
 */
export function createNodeHandler(app: Hono<AppEnv>, platform?: Platform): RequestListener {
  const listener = getRequestListener(app.fetch);
  const health = platform ? healthAnswer(platform) : undefined;
  return (req: IncomingWithId, res) => {
    const id = randomUUID();
    res.setHeader('X-Request-Id', id);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Load balancers probe health many times a second: it is answered here, before any routing, with the
    // same body as the app's own route.
    if (health && req.url === '/api/health' && (req.method === 'GET' || req.method === 'HEAD')) {
      // setHeader + end(string) lets node write head and body in one go (a raw writeHead array is slower)
      res.setHeader('Content-Type', 'application/json');
      if (req.method === 'HEAD') {
        res.setHeader('Content-Length', Buffer.byteLength(health()));
        res.end();
      } else res.end(health());
      return;
    }
    req.requestId = id;
    return listener(req, res);
  };
}

/** The health body, serialised again only when what it reports changes (the model list's source). */
function healthAnswer(platform: Platform): () => string {
  let source: string | undefined;
  let body = '';
  return () => {
    if (platform.models.source() !== source) {
      source = platform.models.source();
      body = JSON.stringify(healthBody(platform));
    }
    return body;
  };
}
