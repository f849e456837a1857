import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import type { IdentityServices } from './services';
import { verifyAccessToken } from './tokens';

/**
 * Reads `Authorization: Bearer <idToken>` when present and sets the caller. An invalid or expired token
 * leaves the caller empty; endpoints that need one answer 401.
 */
export const authenticate =
  ({ signingKey, sessions }: IdentityServices): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const header = c.req.header('authorization');
    const match = header?.match(/^Bearer\s+(.+)$/i);
    if (match) {
      const caller = await verifyAccessToken(signingKey, match[1]!.trim());
      // a token of a session that was signed out, or ended by a password or email change, is refused
      const live = caller?.sessionId ? await sessions.isLive(caller.userId, caller.sessionId) : false;
      c.set('caller', live ? caller : null);
    }
    await next();
  };
