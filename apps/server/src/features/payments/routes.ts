import { OpenAPIHono } from '@hono/zod-openapi';
import {
  AppError,
  PLATFORM_TENANT_ID,
  connectPaymentsRequest,
  paymentProductsQuery,
  connectPaymentsResponse,
  okResponse,
  paymentProductsResponse,
} from '@buildai/domain';
import { clientIp, requireCaller, type AppEnv, type Ctx } from '../../http/context';
import { appParams } from '../../http/params';
import { cleanJson } from '../../http/clean-json';
import { route } from '../../http/validation';
import { retryAfterSeconds } from '../../platform/limits';
import type { AppChangeBus } from '../apps';
import { connectPayments } from './connect-payments';
import { listProducts } from './list-products';
import { receivePing, type PingBody } from './receive-ping';
import type { PaymentServices } from './services';

/** /api/apps/{appId}/payments/* (spec 001 §7): the app owner's Gumroad products and the connect call. */
export function paymentRoutes(services: PaymentServices, changes: AppChangeBus) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/payments/products',
      response: paymentProductsResponse,
      summary: "The seller's Gumroad products (the token typed, or the app's stored one)",
      params: appParams,
      query: paymentProductsQuery,
    },
    async (c, { params, query }) =>
      c.json(
        await listProducts({
          platform: c.get('platform'),
          services,
          caller: requireCaller(c),
          appId: params.appId,
          accessToken: query.accessToken,
        }),
      ),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/payments/connect',
      response: connectPaymentsResponse,
      summary: "Connects the app's paid memberships to a Gumroad product",
      params: appParams,
      body: connectPaymentsRequest,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      const { productId } = await body();
      return c.json(
        await connectPayments({
          platform: c.get('platform'),
          services,
          changes,
          caller,
          appId: params.appId,
          productId,
        }),
      );
    },
  );
  return r;
}

/**
 * /api/payments/gumroad/ping[/{appId}]: Gumroad's resource subscriptions post here (form-encoded, unsigned). The
 * ping is stored and answered at once; a job verifies it at Gumroad. Without an app id it is the operator's own
 * products (builder plans).
 */
export function pingRoutes(services: PaymentServices) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/gumroad/ping/{appId}',
      response: okResponse,
      auth: 'none',
      summary: "Gumroad's ping for an app's product",
      params: appParams,
    },
    async (c, { params }) => {
      await limitPings(c, params.appId);
      return c.json(
        await receivePing({
          platform: c.get('platform'),
          services,
          scope: params.appId,
          body: await pingBody(c),
        }).then(ok),
      );
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/gumroad/ping',
      response: okResponse,
      auth: 'none',
      summary: "Gumroad's ping for the operator's plan products",
    },
    async (c) => {
      await limitPings(c, PLATFORM_TENANT_ID);
      return c.json(
        await receivePing({
          platform: c.get('platform'),
          services,
          scope: PLATFORM_TENANT_ID,
          body: await pingBody(c),
        }).then(ok),
      );
    },
  );
  return r;
}

const ok = () => ({ ok: true });

/**
 * At most PAYMENT_PING_RATE_LIMIT_PER_MINUTE pings a minute from one client address to one scope (an app, or the
 * operator's products), before the body is read: each stored ping costs a lookup at Gumroad with the seller's token.
 * Over it, 429 `payments/too-many-pings` with Retry-After; Gumroad posts a refused ping again later.
 */
async function limitPings(c: Ctx, scope: string): Promise<void> {
  const platform = c.get('platform');
  const rule = { points: platform.config.PAYMENT_PING_RATE_LIMIT_PER_MINUTE, durationSec: 60 };
  const verdict = await platform.limits.consume(`payment-ping:${scope}:${clientIp(c)}`, rule);
  if (!verdict.allowed)
    throw new AppError('payments/too-many-pings', {
      details: { retryAfterSeconds: retryAfterSeconds(verdict) },
    });
}

/**
 * Gumroad posts a form; a JSON object is taken too (values other than strings as their JSON). Cleaned as every body
 * is (no U+0000, no lone surrogate: PostgreSQL keeps neither), `__proto__` dropped.
 */
async function pingBody(c: Ctx): Promise<PingBody> {
  return cleanJson(await rawPingBody(c)) as PingBody;
}

async function rawPingBody(c: Ctx): Promise<PingBody> {
  const text = await c.req.text();
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AppError('request/invalid', { message: 'The request body is not valid JSON' });
    }
    // bounded before anything walks it (a value below is turned back into JSON): too deep answers 400
    parsed = cleanJson(parsed);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new AppError('request/invalid', { message: 'A Gumroad ping is a form' });
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).map(([k, v]) => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    );
  }
  return Object.fromEntries(new URLSearchParams(text));
}
