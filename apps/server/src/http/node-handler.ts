import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Env, Hono } from 'hono';

export interface IncomingWithId extends IncomingMessage {
  requestId?: string;
}

const viaNodeHandler = new WeakSet<ServerResponse>();

/** True when the response belongs to a request of `createNodeHandler`, which lets a route write to it directly. */
export const servedByNodeHandler = (res: ServerResponse): boolean => viaNodeHandler.has(res);

/**
 * The node:http handler around the Hono app. Headers every answer carries are set here with
 * `res.setHeader`, which costs far less than editing the fetch Response's Headers in a middleware.
 * Every request, `/api/health` included, goes through the app's routing and middleware.
 *
 * A route that wrote its answer straight to the socket (`streamToSocket`) has sent the headers by the time the app
 * answers: `@hono/node-server` is then told the answer is already sent (its documented `RESPONSE_ALREADY_SENT`),
 * whatever `Response` the app's middleware made of the route's.
 */
export function createNodeHandler<E extends Env>(app: Hono<E>): RequestListener {
  const alreadySent = (res: Response, outgoing: { headersSent: boolean }) =>
    outgoing.headersSent ? RESPONSE_ALREADY_SENT : res;
  const listener = getRequestListener((request, env) => {
    const res = app.fetch(request, env);
    return res instanceof Promise
      ? res.then((answer) => alreadySent(answer, env.outgoing))
      : alreadySent(res, env.outgoing);
  });
  return (req: IncomingWithId, res) => {
    const id = randomUUID();
    res.setHeader('X-Request-Id', id);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    req.requestId = id;
    viaNodeHandler.add(res);
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
