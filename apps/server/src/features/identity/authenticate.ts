import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import { isSessionLive } from './session-check';
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
    if (match) {
      const platform = c.get('platform');
      const caller = await verifyAccessToken(signingKey, match[1]!.trim());
      // a token of a session that was signed out, or ended by a password or email change, is refused
      const live = caller?.sessionId ? await isSessionLive(platform, caller.userId, caller.sessionId) : false;
      c.set('caller', live ? caller : null);
    }
    await next();
  };
