import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
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
  authConfigResponse,
  emailResponse,
  sentResponse,
  tokenResponse,
  verifyEmailResponse,
} from '@buildai/domain';
import { clientIp, requireCaller, type AppEnv, type Ctx } from '../../http/context';
import { optionalAppQuery } from '../../http/params';
import { route } from '../../http/validation';
import type { IdentityServices } from './services';
import { applyEmailChange, changeEmail, recoverEmail } from './email-change';
import { changePassword } from './change-password';
import { resendVerification } from './resend-verification';
import { resetPassword } from './reset-password';
import { verifyEmail } from './verify-email';
import { googleCallback, startGoogle } from './google';
import { signInWithCustomToken } from './sign-in-with-custom-token';
import { verifyMagicLink } from './verify-magic-link';
import { refreshSession } from './refresh-session';
import { knownDevice, rememberDevice } from './device-cookie';
import { requireSameOriginJson } from './same-origin';
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

const googleCallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(4000).optional(),
  error: z.string().max(4000).optional(),
});

/** /api/live_api/auth/* — the identity API (docs/decisions/0002). */
export function identityRoutes(identity: IdentityServices) {
  const { signingKey, loginThrottle } = identity;
  const r = new OpenAPIHono<AppEnv>();
  // the calls that set or read the refresh cookie: JSON from our own origin only (login CSRF, decision 0006)
  for (const path of ['/signUp', '/signIn', '/refresh', '/signOut', '/magicLink/verify', '/customToken']) {
    r.use(path, requireSameOriginJson);
  }
  route(
    r,
    {
      method: 'get',
      path: '/config',
      response: authConfigResponse,
      summary: 'Sign-in options of a tenant',
      query: optionalAppQuery,
    },
    async (c, { query }) => {
      const platform = c.get('platform');
      const tenant = await resolveTenant(platform, query.appId);
      return c.json(authConfig(platform, tenant, c.req.header('host')));
    },
  );
  route(
    r,
    { method: 'post', path: '/signUp', response: tokenResponse, summary: 'Signs up', body: signUpRequest },
    async (c, { body }) => session(c, await signUp(c.get('platform'), signingKey, await body())),
  );
  route(
    r,
    { method: 'post', path: '/signIn', response: tokenResponse, summary: 'Signs in', body: signInRequest },
    async (c, { body }) => {
      const { tenantId, email, ...issued } = await signIn({
        platform: c.get('platform'),
        signingKey,
        throttle: loginThrottle,
        input: await body(),
        ip: clientIp(c),
        device: (tenant, address) => knownDevice({ c, signingKey, tenantId: tenant, email: address }),
      });
      const { refreshToken, ...tokens } = issued;
      setRefreshCookie(c, refreshToken);
      await rememberDevice({ c, signingKey, tenantId, email });
      return c.json(tokens);
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/refresh',
      response: tokenResponse,
      summary: 'A new session from the refresh cookie',
    },
    async (c) => {
      try {
        return session(c, await refreshSession(c.get('platform'), signingKey, readRefreshCookie(c)));
      } catch (err) {
        clearRefreshCookie(c);
        throw err;
      }
    },
  );
  route(r, { method: 'post', path: '/signOut', summary: 'Signs out', status: 204 }, async (c) => {
    // the refresh cookie's session, and the session of the id token that came with the call (a client that holds
    // only the token signs out too: tokens are refused once their session ends — ASVS 5.0 V7.4.1)
    const token = readRefreshCookie(c);
    if (token) await identity.sessions.endOne(token);
    const caller = c.get('caller');
    if (caller?.sessionId) await identity.sessions.endSession(caller.userId, caller.sessionId);
    clearRefreshCookie(c);
    return c.body(null, 204);
  });
  route(
    r,
    {
      method: 'post',
      path: '/sendVerifyEmail',
      response: sentResponse,
      summary: 'Sends the verification email again',
      body: sendVerifyEmailRequest,
    },
    async (c, { body }) => {
      const caller = requireCaller(c);
      return c.json(await resendVerification(c.get('platform'), caller, await body()));
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/verifyEmail',
      response: verifyEmailResponse,
      summary: 'Verifies an email with its code',
      body: verifyEmailRequest,
    },
    async (c, { body }) => {
      const { code } = await body();
      return c.json(await verifyEmail(c.get('platform'), code));
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/resetPassword',
      response: emailResponse,
      summary: 'Sets a new password with a reset code',
      body: resetPasswordRequest,
    },
    async (c, { body }) => {
      const { code, newPassword } = await body();
      return c.json(
        await resetPassword({
          platform: c.get('platform'),
          sessions: identity.sessions,
          throttle: loginThrottle,
          code,
          newPassword,
        }),
      );
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/changeEmail',
      response: sentResponse,
      summary: "Changes the caller's email",
      body: changeEmailRequest,
    },
    async (c, { body }) => {
      const caller = requireCaller(c);
      return c.json(
        await changeEmail({
          platform: c.get('platform'),
          throttle: loginThrottle,
          caller,
          input: await body(),
          ip: clientIp(c),
        }),
      );
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/applyEmailChange',
      response: emailResponse,
      summary: 'Moves the account to the new address, from the link sent there',
      body: verifyEmailRequest,
    },
    async (c, { body }) => {
      const { code } = await body();
      return c.json(await applyEmailChange(c.get('platform'), identity.sessions, code));
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/recoverEmail',
      response: emailResponse,
      summary: 'Undoes an email change, from the notice sent to the old address',
      body: verifyEmailRequest,
    },
    async (c, { body }) => {
      const { code } = await body();
      return c.json(await recoverEmail(c.get('platform'), identity.sessions, code));
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/changePassword',
      response: tokenResponse,
      summary: "Changes the caller's password",
      body: changePasswordRequest,
    },
    async (c, { body }) => {
      const caller = requireCaller(c);
      return session(
        c,
        await changePassword({
          platform: c.get('platform'),
          signingKey,
          sessions: identity.sessions,
          throttle: loginThrottle,
          caller,
          input: await body(),
          ip: clientIp(c),
        }),
      );
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/magicLink/verify',
      response: tokenResponse,
      summary: 'Signs in with a magic link',
      body: magicLinkVerifyRequest,
    },
    async (c, { body }) => {
      const { token } = await body();
      return session(c, await verifyMagicLink(c.get('platform'), signingKey, token));
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/customToken',
      response: tokenResponse,
      summary: 'Signs in with a custom token',
      body: customTokenRequest,
    },
    async (c, { body }) => {
      const { customToken } = await body();
      return session(c, await signInWithCustomToken(c.get('platform'), signingKey, customToken));
    },
  );
  route(
    r,
    {
      method: 'get',
      path: '/google/start',
      summary: "To Google's consent screen",
      query: optionalAppQuery,
      status: 302,
    },
    (c, { query }) => startGoogle(c, identity, query.appId),
  );
  route(
    r,
    {
      method: 'get',
      path: '/google/callback',
      summary: 'Back from Google: the popup page',
      query: googleCallbackQuery,
      produces: 'text/html',
    },
    (c) => googleCallback(c, identity),
  );
  return r;
}
