import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import { verifyAccessToken, type SigningKey } from './tokens';

/**
 * Reads `Authorization: Bearer <idToken>` when present and sets the caller. An invalid or expired token
 * leaves the caller empty; endpoints that need one answer 401.
 */
export const authenticate =
  (signingKey: SigningKey): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const header = c.req.header('authorization');
    const match = header?.match(/^Bearer\s+(.+)$/i);
    if (match) c.set('caller', await verifyAccessToken(signingKey, match[1]!.trim()));
    await next();
  };
