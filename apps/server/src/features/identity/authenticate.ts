import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Caller } from '../../http/context';
import type { IdentityServices } from './services';
import { knownAccessToken, verifyAccessToken } from './tokens';

const BEARER = /^Bearer\s+(.+)$/i;

/**
 * Reads `Authorization: Bearer <idToken>` when present and sets the caller. An invalid or expired token
 * leaves the caller empty; endpoints that need one answer 401.
 *
 * A token verified before, of a session checked in the last seconds, is answered without waiting (most requests):
 * each step waited for costs the request a turn of the event loop's microtasks and their promises (decision
 * 0005-house-order/speed.md, "Session 28").
 */
export const authenticate =
  ({ signingKey, sessions }: IdentityServices): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    const match = c.req.header('authorization')?.match(BEARER);
    if (!match) return next();
    const token = match[1]!.trim();
    const caller = knownAccessToken(signingKey, token);
    // a token of a session that was signed out, or ended by a password or email change, is refused
    const live = caller?.sessionId ? sessions.known(caller.userId, caller.sessionId) : false;
    if (caller !== undefined && live !== undefined) {
      c.set('caller', live ? caller : null);
      return next();
    }
    return (async () => {
      const checked: Caller | null =
        caller === undefined ? await verifyAccessToken(signingKey, token) : caller;
      const isLive = checked?.sessionId ? await sessions.isLive(checked.userId, checked.sessionId) : false;
      c.set('caller', isLive ? checked : null);
      await next();
    })();
  };
