import type { MiddlewareHandler } from 'hono';
import { AppError } from '@buildai/domain';
import type { AppEnv, Ctx } from '../../http/context';
import { publicBaseUrl } from './links';

/** The origin the product is served from (as in emailed links). */
const publicOrigin = (c: Ctx): string => new URL(publicBaseUrl(c.get('platform'))).origin;

const isJson = (c: Ctx) => /^application\/json\s*(;|$)/i.test(c.req.header('content-type')?.trim() ?? '');

/**
 * Whether another site's page could have sent this request. A browser names the sender with `Sec-Fetch-Site` or
 * `Origin`; a request with neither is not from a browser page (curl, servers, tests) and passes.
 */
function isCrossSite(c: Ctx): boolean {
  const site = c.req.header('sec-fetch-site')?.toLowerCase();
  if (site === 'same-origin' || site === 'none') return false;
  const origin = c.req.header('origin');
  if (origin !== undefined) return origin !== publicOrigin(c);
  return site !== undefined;
}

/**
 * Login CSRF guard of the calls that set or read the refresh cookie (docs/decisions/0006): they take JSON only (a
 * form or `text/plain` post from another site is refused without a preflight) and only from our own origin.
 */
export const requireSameOriginJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isJson(c) || isCrossSite(c)) throw new AppError('auth/cross-site-request');
  await next();
};
