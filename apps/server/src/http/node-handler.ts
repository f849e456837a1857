import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Env, Hono } from 'hono';

export interface IncomingWithId extends IncomingMessage {
  requestId?: string;
}

/**
 * The node:http handler around the Hono app. Headers every answer carries are set here with
 * `res.setHeader`, which costs far less than editing the fetch Response's Headers in a middleware.
 * Every request, `/api/health` included, goes through the app's routing and middleware.
 */
export function createNodeHandler<E extends Env>(app: Hono<E>): RequestListener {
  const listener = getRequestListener(app.fetch);
  return (req: IncomingWithId, res) => {
    const id = randomUUID();
    res.setHeader('X-Request-Id', id);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    req.requestId = id;
    return listener(req, res);
  };
}

/**
 * One port, two origins (APP_ORIGIN set, decision 0007): a request whose Host is the app origin's goes to the app
 * origin's handler, every other to the product's.
 */
export function dispatchByHost(
  appOrigin: string,
  appHandler: RequestListener,
  product: RequestListener,
): RequestListener {
  const appHost = new URL(appOrigin).host.toLowerCase();
  return (req, res) => ((req.headers.host ?? '').toLowerCase() === appHost ? appHandler : product)(req, res);
}
