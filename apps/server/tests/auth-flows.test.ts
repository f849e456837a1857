import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@buildai/server';
import { BUILDER_PASSWORD, signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { json, expectError, sessionCall } from './helpers';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'boss@example.com', PUBLIC_URL: 'http://buildai.test' });
});
afterEach(() => server.close());

const post = (path: string, body: unknown, token?: string, headers?: Record<string, string>) =>
  server.request(path, { method: 'POST', json: body, token, headers });
const auth = (name: string, body: unknown, token?: string) => post(`/api/live_api/auth/${name}`, body, token);
const account = (name: string, body: unknown, token?: string) =>
  post(`/api/live_api/account/${name}`, body, token);

/** The newest message to `to` from the dev outbox API, with the query parameters of its link. */
async function lastMail(to: string) {
  const res = await server.request(`/api/dev/mail?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  const [mail] = (await res.json()) as { subject: string; text: string; meta: Record<string, string> }[];
  if (!mail) return undefined;
  const url = mail.text.match(/https?:\/\/\S+/)?.[0];
  return { ...mail, url, params: url ? new URL(url).searchParams : new URLSearchParams() };
}
const mailCount = async (to: string) =>
  ((await (await server.request(`/api/dev/mail?to=${encodeURIComponent(to)}`)).json()) as unknown[]).length;

/** Reset and magic-link mails go out after the answer (decision 0006): waits until the next one to `to` is in. */
async function afterNextMail(to: string, send: () => Promise<Response>) {
  const before = await mailCount(to);
  const res = await send();
  await vi.waitFor(async () => expect(await mailCount(to)).toBeGreaterThan(before));
  return res;
}

describe('email verification', () => {
  it('sends a link to /auth/handler with the code as a query parameter; the code works once', async () => {
    const { idToken } = await signUpBuilder(server, 'ada@example.com');
    const mail = (await lastMail('ada@example.com'))!;
    expect(mail.subject).toBe('Verify your email for BuildAI');
    expect(mail.url).toMatch(/^http:\/\/buildai\.test\/auth\/handler\?/);
    expect(mail.params.get('mode')).toBe('verifyEmail');
    const code = mail.params.get('oobCode')!;
    expect(code.length).toBeGreaterThan(30);

    const current = () => server.request('/api/live_api/account/current', { token: idToken });
    expect((await json(await current())).emailVerified).toBe(false);
    const ok = await auth('verifyEmail', { code });
    expect(await json(ok)).toEqual({ email: 'ada@example.com', emailVerified: true });
    expect((await json(await current())).emailVerified).toBe(true);
    await expectError(
      await auth('verifyEmail', { code }),
      400,
      'auth/invalid-action-code',
      'Link invalid, try to reset your password again.',
    );
    // stored hashed: the code itself is nowhere in the database
    const rows = await server.platform.db.select().from(schema.authCodes);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('resends on request, and the old link dies', async () => {
    const { idToken } = await signUpBuilder(server, 'bob@example.com');
    const first = (await lastMail('bob@example.com'))!.params.get('oobCode')!;
    const res = await auth('sendVerifyEmail', { continueUrl: '/build/app/x' }, idToken);
    expect(await json(res)).toEqual({ sent: true });
    const second = (await lastMail('bob@example.com'))!;
    expect(second.params.get('continueUrl')).toBe('/build/app/x');
    expect((await auth('verifyEmail', { code: first })).status).toBe(400);
    expect((await auth('verifyEmail', { code: second.params.get('oobCode') })).status).toBe(200);
    expect((await auth('sendVerifyEmail', {})).status).toBe(401);
  });

  it('never carries a continue URL of another origin', async () => {
    for (const continueUrl of ['//evil.com', 'https:evil.com', '/\\evil.com', 'javascript:alert(1)']) {
      const email = `c${Math.random().toString(36).slice(2)}@example.com`;
      await auth('signUp', { email, password: BUILDER_PASSWORD, tenantId: 'platform', continueUrl });
      expect((await lastMail(email))!.params.get('continueUrl')).toBeNull();
    }
  });
});

describe('passwords', () => {
  it('needs 8 characters, accepts up to 128, refuses common ones', async () => {
    const up = (password: string, email: string) => auth('signUp', { email, password, tenantId: 'platform' });
    await expectError(
      await up('short12', 'a@example.com'),
      400,
      'auth/weak-password',
      'This password is too weak',
    );
    await expectError(
      await up('password123', 'a@example.com'),
      400,
      'auth/weak-password',
      'This password is too weak',
    );
    expect((await up('x'.repeat(60) + 'y'.repeat(68), 'b@example.com')).status).toBe(200);
    await expectError(
      await up('z'.repeat(129), 'c@example.com'),
      400,
      'auth/weak-password',
      'This password is too weak',
    );
    const [user] = await server.platform.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'b@example.com'));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('sign-in throttling', () => {
  it('refuses an account from an address after 5 failures there, even with the right password', async () => {
    await signUpBuilder(server, 'eve@example.com');
    for (let i = 0; i < 5; i++) {
      await expectError(
        await auth('signIn', { email: 'eve@example.com', password: 'wrong password!' }),
        401,
        'auth/invalid-credentials',
        'Invalid email or password',
      );
    }
    await expectError(
      await auth('signIn', { email: 'eve@example.com', password: BUILDER_PASSWORD }),
      429,
      'auth/too-many-requests',
      'Too many login attempts, try again later',
    );
  });
});

describe('password reset', () => {
  it('emails a 1-hour single-use code; the reset ends every session; unknown addresses get the same answer', async () => {
    const { cookie } = await signUpBuilder(server, 'rita@example.com');
    expect(await json(await account('sendResetPasswordEmail', { email: 'nobody@example.com' }))).toEqual({
      sent: true,
    });
    expect(await mailCount('nobody@example.com')).toBe(0);

    const sent = await afterNextMail('rita@example.com', () =>
      account('sendResetPasswordEmail', {
        email: 'Rita@Example.com',
        mainAppId: null,
        continueUrl: '/home',
      }),
    );
    expect(await json(sent)).toEqual({ sent: true });
    const mail = (await lastMail('rita@example.com'))!;
    expect(mail.params.get('mode')).toBe('resetPassword');
    expect(mail.params.get('continueUrl')).toBe('/home');
    const code = mail.params.get('oobCode')!;
    const [row] = await server.platform.db
      .select()
      .from(schema.authCodes)
      .where(eq(schema.authCodes.purpose, 'resetPassword'));
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 1000);

    await expectError(
      await auth('resetPassword', { code, newPassword: 'short' }),
      400,
      'auth/reset-weak-password',
      'Password is too weak, please try again',
    );
    expect(await json(await auth('resetPassword', { code, newPassword: 'a brand new passphrase' }))).toEqual({
      email: 'rita@example.com',
    });
    await expectError(
      await auth('resetPassword', { code, newPassword: 'another new passphrase' }),
      400,
      'auth/invalid-action-code',
      'Link invalid, try to reset your password again.',
    );
    // the old session's refresh cookie is dead
    const refresh = await sessionCall(server, 'refresh', cookie);
    expect(refresh.status).toBe(401);
    expect((await auth('signIn', { email: 'rita@example.com', password: BUILDER_PASSWORD })).status).toBe(
      401,
    );
    expect(
      (await auth('signIn', { email: 'rita@example.com', password: 'a brand new passphrase' })).status,
    ).toBe(200);
  });

  it('refuses an expired code', async () => {
    await signUpBuilder(server, 'old@example.com');
    await afterNextMail('old@example.com', () =>
      account('sendResetPasswordEmail', { email: 'old@example.com' }),
    );
    const code = (await lastMail('old@example.com'))!.params.get('oobCode')!;
    await server.platform.db.update(schema.authCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await auth('resetPassword', { code, newPassword: 'a brand new passphrase' })).status).toBe(400);
  });
});

describe('email change', () => {
  it('changes nothing until the new address confirms; then the old address is told and can undo it', async () => {
    const { idToken } = await signUpBuilder(server, 'carl@example.com');
    await signUpBuilder(server, 'taken@example.com');
    await expectError(
      await auth('changeEmail', { currentPassword: 'not my password', newEmail: 'new@example.com' }, idToken),
      400,
      'auth/wrong-password',
      'Your current password is not correct',
    );
    await expectError(
      await auth(
        'changeEmail',
        { currentPassword: BUILDER_PASSWORD, newEmail: 'Taken@example.com' },
        idToken,
      ),
      409,
      'auth/email-already-exists',
      'This email is already in use',
    );
    const asked = await auth(
      'changeEmail',
      { currentPassword: BUILDER_PASSWORD, newEmail: 'New@Example.com' },
      idToken,
    );
    expect(await json(asked)).toEqual({ sent: true });

    // nothing changed yet: the old address still signs in, the new one does not
    const me = () => server.request('/api/live_api/account/current', { token: idToken });
    expect(await json(await me())).toMatchObject({ email: 'carl@example.com' });
    expect((await auth('signIn', { email: 'carl@example.com', password: BUILDER_PASSWORD })).status).toBe(
      200,
    );
    expect((await auth('signIn', { email: 'new@example.com', password: BUILDER_PASSWORD })).status).toBe(401);
    expect(await mailCount('carl@example.com')).toBe(1); // only the sign-up verification

    const confirm = (await lastMail('new@example.com'))!;
    expect(confirm.subject).toBe('Confirm your new email for BuildAI');
    expect(confirm.url).toMatch(/^http:\/\/buildai\.test\/auth\/handler\?mode=verifyAndChangeEmail&oobCode=/);
    const code = confirm.params.get('oobCode')!;
    expect(await json(await auth('applyEmailChange', { code }))).toEqual({ email: 'new@example.com' });
    await expectError(
      await auth('applyEmailChange', { code }),
      400,
      'auth/invalid-action-code',
      'Link invalid, try to reset your password again.',
    );

    // in effect: the new address signs in, verified; every earlier token is refused
    expect((await me()).status).toBe(401);
    const signedIn = await auth('signIn', { email: 'new@example.com', password: BUILDER_PASSWORD });
    expect(signedIn.status).toBe(200);
    const newToken = (await json(signedIn)).idToken as string;
    const current = await json(await server.request('/api/live_api/account/current', { token: newToken }));
    expect(current).toMatchObject({ email: 'new@example.com', emailVerified: true });
    expect(
      await json(await account('completeEmailChange', { newEmail: 'new@example.com' }, newToken)),
    ).toEqual({ email: 'new@example.com' });
    expect((await auth('signIn', { email: 'carl@example.com', password: BUILDER_PASSWORD })).status).toBe(
      401,
    );

    // the old address is told, with a link that undoes the change for 7 days
    const notice = (await lastMail('carl@example.com'))!;
    expect(notice.subject).toBe('Your BuildAI email was changed');
    expect(notice.params.get('mode')).toBe('recoverEmail');
    const [recover] = await server.platform.db
      .select()
      .from(schema.authCodes)
      .where(eq(schema.authCodes.purpose, 'recoverEmail'));
    expect(recover!.expiresAt.getTime() - recover!.createdAt.getTime()).toBeGreaterThan(
      7 * 86_400_000 - 60_000,
    );
    const undo = await auth('recoverEmail', { code: notice.params.get('oobCode') });
    expect(await json(undo)).toEqual({ email: 'carl@example.com' });
    expect((await server.request('/api/live_api/account/current', { token: newToken })).status).toBe(401);
    expect((await auth('signIn', { email: 'carl@example.com', password: BUILDER_PASSWORD })).status).toBe(
      200,
    );
  });

  it('a newer request kills the link of an earlier one', async () => {
    const { idToken } = await signUpBuilder(server, 'dora@example.com');
    await auth('changeEmail', { currentPassword: BUILDER_PASSWORD, newEmail: 'first@example.com' }, idToken);
    const first = (await lastMail('first@example.com'))!.params.get('oobCode');
    await auth('changeEmail', { currentPassword: BUILDER_PASSWORD, newEmail: 'second@example.com' }, idToken);
    expect((await auth('applyEmailChange', { code: first })).status).toBe(400);
    const second = (await lastMail('second@example.com'))!.params.get('oobCode');
    expect(await json(await auth('applyEmailChange', { code: second }))).toEqual({
      email: 'second@example.com',
    });
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const { idToken, cookie } = await signUpBuilder(server, 'pat@example.com');
    const res = await auth(
      'changePassword',
      { currentPassword: BUILDER_PASSWORD, newPassword: 'another long passphrase' },
      idToken,
    );
    expect(res.status).toBe(200);
    const refresh = await sessionCall(server, 'refresh', cookie);
    expect(refresh.status).toBe(401);
    expect(
      (await auth('signIn', { email: 'pat@example.com', password: 'another long passphrase' })).status,
    ).toBe(200);
  });
});

describe('magic link and one-time code', () => {
  it('emails a link with its token and a 6-digit code; the link signs in once', async () => {
    await signUpBuilder(server, 'mia@example.com');
    await expectError(
      await account('sendMagicLink', { email: 'not-an-email' }),
      400,
      'auth/invalid-email-address',
      'Invalid email address',
    );
    const sent = await afterNextMail('mia@example.com', () =>
      account('sendMagicLink', { email: 'mia@example.com', continueUrl: '/settings' }),
    );
    expect(await json(sent)).toEqual({ sent: true });
    const mail = (await lastMail('mia@example.com'))!;
    expect(mail.params.get('mode')).toBe('signIn');
    expect(mail.params.get('continueUrl')).toBe('/settings');
    expect(mail.text).toMatch(/code: \d{6}\b/);
    const token = mail.params.get('token')!;

    // two concurrent uses give one session
    const [a, b] = await Promise.all([
      auth('magicLink/verify', { token }),
      auth('magicLink/verify', { token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const loser = a.status === 400 ? a : b;
    expect((await json(loser)).error.message).toBe('Invalid or expired magic link');
    const winner = a.status === 200 ? a : b;
    expect(winner.headers.get('set-cookie')).toMatch(/buildai_refresh=/);
  });

  it('dies after 15 minutes', async () => {
    await signUpBuilder(server, 'late@example.com');
    await afterNextMail('late@example.com', () => account('sendMagicLink', { email: 'late@example.com' }));
    const token = (await lastMail('late@example.com'))!.params.get('token')!;
    const [row] = await server.platform.db
      .select()
      .from(schema.authCodes)
      .where(eq(schema.authCodes.purpose, 'magicLink'));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(15 * 60_000 + 1000);
    await server.platform.db.update(schema.authCodes).set({ expiresAt: new Date(Date.now() - 1) });
    expect((await auth('magicLink/verify', { token })).status).toBe(400);
  });

  it('takes 2 wrong codes, dies at the 3rd with 429 ATTEMPTS_EXCEEDED, and a new code signs in', async () => {
    await signUpBuilder(server, 'otto@example.com');
    await afterNextMail('otto@example.com', () => account('sendMagicLink', { email: 'otto@example.com' }));
    const code = (await lastMail('otto@example.com'))!.text.match(/code: (\d{6})/)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const validate = (otp: string) => account('validateOtp', { email: 'otto@example.com', otp });
    await expectError(await validate(wrong), 400, 'auth/invalid-otp', 'This code is invalid or has expired');
    await expectError(await validate(wrong), 400, 'auth/invalid-otp', 'This code is invalid or has expired');
    const third = await validate(wrong);
    expect(third.status).toBe(429);
    expect((await json(third)).error.code).toBe('ATTEMPTS_EXCEEDED');
    expect((await validate(code)).status).toBe(429); // the right code is dead too

    await afterNextMail('otto@example.com', () => account('sendMagicLink', { email: 'otto@example.com' }));
    const fresh = (await lastMail('otto@example.com'))!.text.match(/code: (\d{6})/)![1]!;
    const ok = await validate(fresh);
    const body = await json(ok);
    expect(body.tenantId).toBe('platform');
    const signedIn = await auth('customToken', { customToken: body.customToken });
    expect(signedIn.status).toBe(200);
    expect((await json(signedIn)).expiresIn).toBe(3600);
    await expectError(
      await auth('customToken', { customToken: body.customToken }),
      401,
      'auth/invalid-custom-token',
      'This sign-in has expired, please try again',
    );
  });

  it('signs up a new builder by magic link while sign-up is open, and verifies the address', async () => {
    await afterNextMail('newbie@example.com', () =>
      account('sendMagicLink', { email: 'newbie@example.com' }),
    );
    const token = (await lastMail('newbie@example.com'))!.params.get('token')!;
    const { idToken } = await json(await auth('magicLink/verify', { token }));
    await account('create', {}, idToken);
    const current = await json(await server.request('/api/live_api/account/current', { token: idToken }));
    expect(current).toMatchObject({ email: 'newbie@example.com', emailVerified: true, plan: 'lite' });
  });

  it('limits emails to one address', async () => {
    await signUpBuilder(server, 'spam@example.com'); // 1: the verification email
    for (let i = 0; i < 4; i++)
      expect((await account('sendMagicLink', { email: 'spam@example.com' })).status).toBe(200);
    await expectError(
      await account('sendMagicLink', { email: 'spam@example.com' }),
      429,
      'auth/too-many-emails',
      'Too many emails requested, try again later',
    );
  });
});

describe('tenants', () => {
  /** A published app named 'Recipe bot' whose builder turned user sign-up on or left it off. */
  async function appWithSignUp(enabled: boolean) {
    const builder = await signUpBuilder(server, `builder${Math.random().toString(36).slice(2)}@example.com`);
    const token = builder.idToken;
    const created = await json(await post('/api/apps/new', { kind: 'tool' }, token));
    const appId = created.appId as string;
    expect(
      (await post('/api/apps', { appType: 'tool', appId, app: { header: 'Recipe bot' } }, token)).status,
    ).toBe(200);
    expect((await post(`/api/apps/${appId}/publish`, {}, token)).status).toBe(200);
    const appSettings = {
      isSignupEnabled: enabled,
      termsOfServiceLink: 'https://recipes.example.com/terms',
      privacyPolicyLink: 'https://recipes.example.com/privacy',
      supportEmail: 'help@recipes.example.com',
    };
    expect((await post(`/api/apps/${appId}/settings`, { appSettings }, token)).status).toBe(200);
    return { appId, builder };
  }

  it('describes the sign-in page of each tenant', async () => {
    expect(await json(await server.request('/api/live_api/auth/config'))).toEqual({
      tenantId: 'platform',
      appId: null,
      appName: null,
      signUpEnabled: true,
      googleEnabled: false,
      branding: null,
      termsOfServiceLink: '',
      privacyPolicyLink: '',
      supportEmail: '',
    });
    const { appId } = await appWithSignUp(true);
    expect(await json(await server.request(`/api/live_api/auth/config?appId=${appId}`))).toMatchObject({
      tenantId: appId,
      appName: 'Recipe bot',
      signUpEnabled: true,
    });
    expect((await server.request('/api/live_api/auth/config?appId=nope')).status).toBe(404);
  });

  it('keeps emails unique per tenant and refuses a token of one tenant on another', async () => {
    const { appId, builder } = await appWithSignUp(true);
    const closed = await appWithSignUp(false);
    await expectError(
      await auth('signUp', { email: 'u@example.com', password: BUILDER_PASSWORD, tenantId: closed.appId }),
      400,
      'auth/tenant-required',
      'Sign-up is not available here',
    );
    // the builder's own address is free in the app's tenant
    const user = await auth('signUp', { email: builder.email, password: BUILDER_PASSWORD, tenantId: appId });
    expect(user.status).toBe(200);
    const { idToken: userToken } = await json(user);
    expect((await account('create', {}, userToken)).status).toBe(200);
    const current = await json(await server.request('/api/live_api/account/current', { token: userToken }));
    expect(current).toMatchObject({ tenantId: appId, accountType: 'user', isAdmin: false });
    // an app user is not a builder
    expect((await post('/api/apps/new', { kind: 'tool' }, userToken)).status).toBe(403);
    // and the platform does not know it: signing in there with its password fails
    expect((await auth('signIn', { email: builder.email, password: 'wrong password!!' })).status).toBe(401);
    // a token of tenant A is refused on tenant B
    const mine = await server.request(`/api/live_api/user/memories/current?appId=${appId}`, {
      token: userToken,
    });
    expect(await json(mine)).toEqual({ appId, values: {}, updatedAt: null });
    expect(
      (
        await server.request(`/api/live_api/user/memories/current?appId=${closed.appId}`, {
          token: userToken,
        })
      ).status,
    ).toBe(401);
    expect(
      (await server.request(`/api/live_api/user/memories/current?appId=${appId}`, { token: builder.idToken }))
        .status,
    ).toBe(401);
    expect(
      (await auth('signIn', { email: builder.email, password: BUILDER_PASSWORD, tenantId: appId })).status,
    ).toBe(200);
  });
});

describe('plans', () => {
  it('lists the builder plans, and an app has none of its own yet', async () => {
    const plans = (await json(await server.request('/api/live_api/app/paidPlans'))) as unknown as {
      id: string;
      name: string;
    }[];
    expect(plans.map((p) => p.id)).toEqual(['lite', 'explorer', 'monetizer', 'discover', 'moon']);
    expect(plans[1]).toMatchObject({ name: 'Explorer', price: 19, priceYearly: 190, isMostPopular: true });
    expect((await server.request('/api/live_api/app/paidPlans?appId=missing')).status).toBe(404);
  });

  it('lets only admins set a plan', async () => {
    const user = await signUpBuilder(server, 'user@example.com');
    const boss = await signUpBuilder(server, 'boss@example.com');
    const set = (token: string, body: unknown) => post('/api/admin/accounts/plan', body, token);
    await expectError(
      await set(user.idToken, { email: 'user@example.com', plan: 'moon' }),
      403,
      'auth/forbidden',
      'You are not allowed to do that',
    );
    await expectError(
      await set(boss.idToken, { email: 'user@example.com', plan: 'gold' }),
      400,
      'plan/unknown',
      'There is no plan with this name',
    );
    await expectError(
      await set(boss.idToken, { email: 'ghost@example.com', plan: 'moon' }),
      404,
      'account/not-found',
      'Account not found',
    );
    const res = await set(boss.idToken, { email: 'USER@example.com', plan: 'Explorer' });
    expect(await json(res)).toMatchObject({
      email: 'user@example.com',
      plan: 'explorer',
      hasBusinessInfo: true,
    });
    expect((await set('', { email: 'user@example.com', plan: 'moon' })).status).toBe(401);
  });
});

describe('the refresh cookie', () => {
  it('is Secure when the request came over https', async () => {
    const res = await server.request('https://buildai.test/api/live_api/auth/signUp', {
      method: 'POST',
      json: { email: 'sec@example.com', password: BUILDER_PASSWORD, tenantId: 'platform' },
    });
    expect(res.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
  });
});
