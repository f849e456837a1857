import { Hono } from 'hono';
import {
  changeEmailRequest,
  changePasswordRequest,
  customTokenRequest,
  magicLinkVerifyRequest,
  resetPasswordRequest,
  sendVerifyEmailRequest,
  signInRequest,
  signUpRequest,
  verifyEmailRequest,
} from '@buildai/domain';
import { clientIp, parseBody, requireCaller, type AppEnv, type Ctx } from '../../http/context';
import { applyEmailChange, changeEmail, recoverEmail } from './email-change';
import { changePassword, resendVerification, resetPassword, verifyEmail } from './email-flows';
import { googleCallback, startGoogle } from './google';
import { signInWithCustomToken, verifyMagicLink } from './magic-link';
import { refreshSession } from './refresh-session';
import { requireSameOriginJson } from './same-origin';
import { announceSessionsEnded } from './session-check';
import { revokeRefreshToken } from './refresh-tokens';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './session-cookie';
import { signIn } from './sign-in';
import { signUp } from './sign-up';
import { authConfig, resolveTenant } from './tenants';

/** Answers a new session: `{ idToken, expiresIn }` in the body, the refresh token in its HttpOnly cookie. */
function session(c: Ctx, issued: { idToken: string; expiresIn: number; refreshToken: string }) {
  const { refreshToken, ...tokens } = issued;
  setRefreshCookie(c, refreshToken);
  return c.json(tokens);
}

/** /api/live_api/auth/* — the identity API (docs/decisions/0002). */
export function identityRoutes() {
  const r = new Hono<AppEnv>();
  for (const path of ['/signUp', '/signIn', '/refresh', '/signOut', '/magicLink/verify', '/customToken']) {
    r.post(path, requireSameOriginJson);
  }
  r.get('/config', async (c) => {
    const platform = c.get('platform');
    return c.json(authConfig(platform, await resolveTenant(platform, c.req.query('appId'))));
  });
  r.post('/signUp', async (c) =>
    session(c, await signUp(c.get('platform'), await parseBody(c, signUpRequest))),
  );
  r.post('/signIn', async (c) =>
    session(c, await signIn(c.get('platform'), await parseBody(c, signInRequest), clientIp(c))),
  );
  r.post('/refresh', async (c) => {
    try {
      return session(c, await refreshSession(c.get('platform'), readRefreshCookie(c)));
    } catch (err) {
      clearRefreshCookie(c);
      throw err;
    }
  });
  r.post('/signOut', async (c) => {
    const token = readRefreshCookie(c);
    const userId = token ? await revokeRefreshToken(c.get('platform').db, token) : null;
    if (userId) await announceSessionsEnded(c.get('platform'), userId);
    clearRefreshCookie(c);
    return c.body(null, 204);
  });
  r.post('/sendVerifyEmail', async (c) => {
    const caller = requireCaller(c);
    return c.json(
      await resendVerification(c.get('platform'), caller, await parseBody(c, sendVerifyEmailRequest)),
    );
  });
  r.post('/verifyEmail', async (c) => {
    const { code } = await parseBody(c, verifyEmailRequest);
    return c.json(await verifyEmail(c.get('platform'), code));
  });
  r.post('/resetPassword', async (c) => {
    const { code, newPassword } = await parseBody(c, resetPasswordRequest);
    return c.json(await resetPassword(c.get('platform'), code, newPassword));
  });
  r.post('/changeEmail', async (c) => {
    const caller = requireCaller(c);
    const body = await parseBody(c, changeEmailRequest);
    return c.json(await changeEmail(c.get('platform'), caller, body, clientIp(c)));
  });
  r.post('/applyEmailChange', async (c) => {
    const { code } = await parseBody(c, verifyEmailRequest);
    return c.json(await applyEmailChange(c.get('platform'), code));
  });
  r.post('/recoverEmail', async (c) => {
    const { code } = await parseBody(c, verifyEmailRequest);
    return c.json(await recoverEmail(c.get('platform'), code));
  });
  r.post('/changePassword', async (c) => {
    const caller = requireCaller(c);
    const body = await parseBody(c, changePasswordRequest);
    return session(c, await changePassword(c.get('platform'), caller, body, clientIp(c)));
  });
  r.post('/magicLink/verify', async (c) => {
    const { token } = await parseBody(c, magicLinkVerifyRequest);
    return session(c, await verifyMagicLink(c.get('platform'), token));
  });
  r.post('/customToken', async (c) => {
    const { customToken } = await parseBody(c, customTokenRequest);
    return session(c, await signInWithCustomToken(c.get('platform'), customToken));
  });
  r.get('/google/start', (c) => startGoogle(c));
  r.get('/google/callback', (c) => googleCallback(c));
  return r;
}
