import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  startFakeOidc,
  signUpBuilder,
  startTestServer,
  type FakeOidc,
  type TestServer,
} from '@buildai/testkit';
import { activateAndPublish, expectError, json, makeTool, setPlan } from './helpers';

let server: TestServer;
let oidc: FakeOidc;
let admin: string;
beforeEach(async () => {
  oidc = await startFakeOidc();
  server = await startTestServer(
    {
      ADMIN_EMAILS: 'boss@example.com',
      GOOGLE_ISSUER: oidc.issuer,
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    },
    { publicUrl: true },
  );
  admin = (await signUpBuilder(server, 'boss@example.com')).idToken;
});
afterEach(async () => {
  await server.close();
  await oidc.close();
});

const LINKS = {
  termsOfServiceLink: 'https://recipes.example.com/terms',
  privacyPolicyLink: 'https://recipes.example.com/privacy',
  supportEmail: 'help@recipes.example.com',
};
const post = (path: string, body: unknown, token?: string) =>
  server.request(path, { method: 'POST', json: body, token });
const saveSettings = (token: string, appId: string, appSettings: Record<string, unknown>) =>
  post(`/api/apps/${appId}/settings`, { appSettings }, token);
const authConfig = async (appId: string) =>
  json(await server.request(`/api/live_api/auth/config?appId=${appId}`));

/** A builder on the explorer plan (custom domains are a paid setting) with a saved, unpublished tool app. */
async function explorerWithApp() {
  const builder = await signUpBuilder(server);
  await setPlan(server, admin, builder.email, 'explorer');
  const tool = await makeTool(server, builder.idToken, { header: 'Recipe bot' });
  return { token: builder.idToken, ...tool };
}

describe('user signup settings', () => {
  it('turns signup on for a published app or one with a custom domain, never without its links', async () => {
    const { token, appId, toolId } = await explorerWithApp();
    await expectError(
      await saveSettings(token, appId, { isSignupEnabled: true, ...LINKS }),
      400,
      'settings/signup-needs-publish',
      'Publish your app or set a custom domain before enabling user signup',
      'appSettings.isSignupEnabled',
    );
    expect((await authConfig(appId)).signUpEnabled).toBe(false);

    // a custom domain is enough, without publishing
    const withDomain = await saveSettings(token, appId, {
      isSignupEnabled: true,
      customDomain: 'recipes.example.com',
      ...LINKS,
    });
    expect(withDomain.status).toBe(200);
    expect((await json(withDomain)).appSettings).toMatchObject({
      isSignupEnabled: true,
      customDomain: 'recipes.example.com',
    });
    expect((await authConfig(appId)).signUpEnabled).toBe(true);

    // removing the domain of an unpublished app with signup on is refused, and changes nothing
    await expectError(
      await saveSettings(token, appId, { customDomain: '' }),
      400,
      'settings/signup-needs-publish',
      'Publish your app or set a custom domain before enabling user signup',
    );
    expect((await authConfig(appId)).signUpEnabled).toBe(true);

    // published, the domain may go
    await activateAndPublish(server, token, appId, toolId);
    expect((await saveSettings(token, appId, { customDomain: '' })).status).toBe(200);
    expect((await authConfig(appId)).signUpEnabled).toBe(true);

    for (const missing of Object.keys(LINKS)) {
      await expectError(
        await saveSettings(token, appId, { ...LINKS, [missing]: '  ' }),
        400,
        'settings/signup-needs-links',
        'User signup needs a terms of service link, a privacy policy link and a support email',
        `appSettings.${missing}`,
      );
    }
    await expectError(
      await saveSettings(token, appId, { supportEmail: 'not an email' }),
      400,
      'settings/support-email-invalid',
      'Enter a valid support email',
      'appSettings.supportEmail',
    );
    // signup off: the links may be empty
    expect((await saveSettings(token, appId, { isSignupEnabled: false, supportEmail: '' })).status).toBe(200);
    expect((await authConfig(appId)).signUpEnabled).toBe(false);
  });

  it('refuses another builder, and an end user, the settings of an app', async () => {
    const { appId } = await explorerWithApp();
    const other = await signUpBuilder(server);
    expect((await saveSettings(other.idToken, appId, { customDomain: 'x.example.com' })).status).toBe(404);
    const res = await server.request(`/api/apps/${appId}/settings`, { method: 'POST', json: {} });
    expect(res.status).toBe(401);
  });
});

describe("the app's sign-in page", () => {
  it('carries the branding, the links and the support email of the app', async () => {
    const { token, appId, toolId } = await explorerWithApp();
    await activateAndPublish(server, token, appId, toolId);
    const appStyle = {
      styleName: 'dark',
      logoUrl: 'https://cdn.example.com/logo.png',
      headerTextColor: '#ffeeaa',
      buttonBackgroundColor: '#ff6600',
      buttonTextColor: '#000000',
    };
    expect((await post(`/api/apps/${appId}/style`, { appStyle }, token)).status).toBe(200);
    expect((await saveSettings(token, appId, { isSignupEnabled: true, ...LINKS })).status).toBe(200);
    expect(await authConfig(appId)).toEqual({
      tenantId: appId,
      appId,
      appName: 'Recipe bot',
      signUpEnabled: true,
      googleEnabled: true,
      branding: {
        header: 'Recipe bot',
        logoUrl: 'https://cdn.example.com/logo.png',
        styleName: 'dark',
        backgroundColor: '',
        headerTextColor: '#ffeeaa',
        subheaderTextColor: '',
        buttonTextColor: '#000000',
        buttonBackgroundColor: '#ff6600',
      },
      ...LINKS,
    });
    // on the app's own domain Google's popup could not hand the sign-in back: not offered there
    expect((await saveSettings(token, appId, { customDomain: 'coach.example.org' })).status).toBe(200);
    const onDomain = (host: string) =>
      server.request(`/api/live_api/auth/config?appId=${appId}`, { headers: { host } });
    expect((await json(await onDomain('Coach.example.org:443'))).googleEnabled).toBe(false);
    expect((await json(await onDomain(new URL(server.url!).host))).googleEnabled).toBe(true);
    const platform = await json(await server.request('/api/live_api/auth/config'));
    expect(platform).toMatchObject({ branding: null, termsOfServiceLink: '', supportEmail: '' });
  });
});

describe("signing up on an app's tenant", () => {
  async function openApp() {
    const { token, appId, toolId } = await explorerWithApp();
    await activateAndPublish(server, token, appId, toolId);
    expect((await saveSettings(token, appId, { isSignupEnabled: true, ...LINKS })).status).toBe(200);
    return appId;
  }
  /** The account of a new session, created as the sign-in page does after every way of signing in. */
  const current = async (idToken: string) => {
    expect((await post('/api/live_api/account/create', {}, idToken)).status).toBe(200);
    return json(await server.request('/api/live_api/account/current', { token: idToken }));
  };
  const mails = async (to: string) =>
    (await json(await server.request(`/api/dev/mail?to=${encodeURIComponent(to)}`))) as unknown as {
      text: string;
    }[];

  it('with a password: an end user of the app, not a builder, verified by the emailed link', async () => {
    const appId = await openApp();
    const res = await post('/api/live_api/auth/signUp', {
      email: 'Eve@Example.com',
      password: 'a long enough password 1',
      tenantId: appId,
    });
    expect(res.status).toBe(200);
    const { idToken } = await json(res);
    expect(await current(idToken)).toMatchObject({ email: 'eve@example.com', tenantId: appId });
    await vi.waitFor(async () => expect((await mails('eve@example.com')).length).toBe(1));
    // the end user builds nothing
    expect((await post('/api/apps/new', { kind: 'tool' }, idToken)).status).toBe(403);
    // the same address is a new account on the builders' platform, not this one
    const signIn = await post('/api/live_api/auth/signIn', {
      email: 'eve@example.com',
      password: 'a long enough password 1',
    });
    await expectError(signIn, 401, 'auth/invalid-credentials', 'Invalid email or password');
  });

  it('with an emailed link and with a one-time code', async () => {
    const appId = await openApp();
    const send = (email: string) =>
      post(`/api/live_api/account/sendMagicLink?appId=${appId}`, { email, continueUrl: `/app/${appId}` });
    expect((await send('link@example.com')).status).toBe(200);
    await vi.waitFor(async () => expect((await mails('link@example.com')).length).toBe(1));
    const [linkMail] = await mails('link@example.com');
    const link = new URL(linkMail!.text.match(/https?:\/\/\S+/)![0]);
    expect(link.searchParams.get('appId')).toBe(appId);
    const verified = await post('/api/live_api/auth/magicLink/verify', {
      token: link.searchParams.get('token'),
    });
    expect(verified.status).toBe(200);
    expect(await current((await json(verified)).idToken)).toMatchObject({
      email: 'link@example.com',
      tenantId: appId,
      emailVerified: true,
    });

    expect((await send('code@example.com')).status).toBe(200);
    await vi.waitFor(async () => expect((await mails('code@example.com')).length).toBe(1));
    const otp = (await mails('code@example.com'))[0]!.text.match(/\b(\d{6})\b/)![1];
    const tokens = await json(
      await post(`/api/live_api/account/validateOtp?appId=${appId}`, { email: 'code@example.com', otp }),
    );
    expect(tokens.tenantId).toBe(appId);
    const session = await json(
      await post('/api/live_api/auth/customToken', { customToken: tokens.customToken }),
    );
    expect(await current(session.idToken)).toMatchObject({ email: 'code@example.com', tenantId: appId });
  });

  it('with Google: the popup carries the app id and signs the user up on its tenant', async () => {
    const appId = await openApp();
    oidc.setUser({ sub: 'g-9', email: 'gus@example.com', email_verified: true, name: 'Gus' });
    const base = server.url!;
    const start = await fetch(`${base}/api/live_api/auth/google/start?appId=${appId}`, {
      redirect: 'manual',
    });
    expect(start.status).toBe(302);
    const cookie = start.headers.get('set-cookie')!.split(';')[0]!;
    const atProvider = await fetch(new URL(start.headers.get('location')!), { redirect: 'manual' });
    const callback = await fetch(new URL(atProvider.headers.get('location')!), { headers: { cookie } });
    const message = JSON.parse((await callback.text()).match(/var m=(\{.*?\});/)![1]!) as Record<
      string,
      string
    >;
    expect(message.tenantId).toBe(appId);
    const session = await json(
      await post('/api/live_api/auth/customToken', { customToken: message.customToken }),
    );
    expect(await current(session.idToken)).toMatchObject({ email: 'gus@example.com', tenantId: appId });
  });

  it('is closed on an app without signup, whichever way', async () => {
    const { appId } = await explorerWithApp();
    await expectError(
      await post('/api/live_api/auth/signUp', {
        email: 'x@example.com',
        password: 'a long password 1',
        tenantId: appId,
      }),
      400,
      'auth/tenant-required',
      'Sign-up is not available here',
    );
    // the same answer as for an open app, but no mail goes to an address that could not sign up (decision 0006)
    expect(
      (await post(`/api/live_api/account/sendMagicLink?appId=${appId}`, { email: 'x@example.com' })).status,
    ).toBe(200);
    expect((await authConfig(appId)).signUpEnabled).toBe(false);
  });
});
