import { Hono } from 'hono';
import { signInRequest, signUpRequest } from '@buildai/domain';
import { parseBody, type AppEnv } from '../../http/context';
import { refreshSession } from './refresh-session';
import { revokeRefreshToken } from './refresh-tokens';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './session-cookie';
import { signIn } from './sign-in';
import { signUp } from './sign-up';

/** /api/live_api/auth/* — sign-in answers `{ idToken, expiresIn }` and sets the refresh cookie. */
export function identityRoutes() {
  const r = new Hono<AppEnv>();
  r.post('/signUp', async (c) => {
    const { refreshToken, ...tokens } = await signUp(c.get('platform'), await parseBody(c, signUpRequest));
    setRefreshCookie(c, refreshToken);
    return c.json(tokens);
  });
  r.post('/signIn', async (c) => {
    const { refreshToken, ...tokens } = await signIn(c.get('platform'), await parseBody(c, signInRequest));
    setRefreshCookie(c, refreshToken);
    return c.json(tokens);
  });
  r.post('/refresh', async (c) => {
    try {
      const { refreshToken, ...tokens } = await refreshSession(c.get('platform'), readRefreshCookie(c));
      setRefreshCookie(c, refreshToken);
      return c.json(tokens);
    } catch (err) {
      clearRefreshCookie(c);
      throw err;
    }
  });
  r.post('/signOut', async (c) => {
    const token = readRefreshCookie(c);
    if (token) await revokeRefreshToken(c.get('platform').db, token);
    clearRefreshCookie(c);
    return c.body(null, 204);
  });
  return r;
}
