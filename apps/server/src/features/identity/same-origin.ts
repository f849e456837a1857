import type { MiddlewareHandler } from 'hono';
import { eq } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import { apps } from '../../db/schema';
import type { AppEnv, Ctx } from '../../http/context';
import { publicBaseUrl } from './links';

/** The origin the product is served from (as in emailed links). */
const publicOrigin = (c: Ctx): string => new URL(publicBaseUrl(c.get('platform'))).origin;

const isJson = (c: Ctx) => /^application\/json\s*(;|$)/i.test(c.req.header('content-type')?.trim() ?? '');

/**
 * Whether another site's page could have sent this request. A browser names the sender with `Sec-Fetch-Site` or
 * `Origin`; a request with neither is not from a browser page (curl, servers, tests) and passes.
 */
async function isCrossSite(c: Ctx): Promise<boolean> {
  const site = c.req.header('sec-fetch-site')?.toLowerCase();
  if (site === 'same-origin' || site === 'none') return false;
  const origin = c.req.header('origin');
  if (origin !== undefined) return origin !== publicOrigin(c) && !(await isAppDomainPage(c, origin));
  return site !== undefined;
}

/**
 * A page of an app's custom domain calling its own host (README "Custom domains"): the sign-in page there is the
 * app's. Browsers send no `Sec-Fetch-Site` over plain http, so the origin is compared with the request's host,
 * and that host must be an app's domain (one indexed read, only for sign-ins from such a page).
 */
async function isAppDomainPage(c: Ctx, origin: string): Promise<boolean> {
  let sender: URL;
  try {
    sender = new URL(origin);
  } catch {
    return false;
  }
  const host = c.req.header('host')?.toLowerCase();
  if (!host || sender.host.toLowerCase() !== host) return false;
  const [app] = await c
    .get('platform')
    .db.select({ appId: apps.appId })
    .from(apps)
    .where(eq(apps.customDomain, sender.hostname.toLowerCase()))
    .limit(1);
  return app !== undefined;
}

/**
 * Login CSRF guard of the calls that set or read the refresh cookie (docs/decisions/0006): they take JSON only (a
 * form or `text/plain` post from another site is refused without a preflight) and only from our own origin.
 */
export const requireSameOriginJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isJson(c) || (await isCrossSite(c))) throw new AppError('auth/cross-site-request');
  await next();
};
