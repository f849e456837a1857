import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { users } from '../src/db/schema';
import { newSpaceApp } from './spaces-helpers';

// GET /api/apps/{appId}/me: who the caller is to a space app, for the app SDK's auth.me() (decision 0008, "The app
// SDK's data and auth"). The app's end user with their role, the owner as admin, anyone else anonymous.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response): Promise<any> => res.json();

async function publishedAppWithSignUp(token: string) {
  const appId = await newSpaceApp(server, token);
  expect(
    (await server.request(`/api/apps/${appId}/publish`, { method: 'POST', token, json: {} })).status,
  ).toBe(200);
  const appSettings = {
    isSignupEnabled: true,
    termsOfServiceLink: 'https://tasks.example.com/terms',
    privacyPolicyLink: 'https://tasks.example.com/privacy',
    supportEmail: 'help@tasks.example.com',
  };
  const saved = await server.request(`/api/apps/${appId}/settings`, {
    method: 'POST',
    token,
    json: { appSettings },
  });
  expect(saved.status).toBe(200);
  return appId;
}

async function endUser(appId: string, email: string) {
  const res = await server.request('/api/live_api/auth/signUp', {
    method: 'POST',
    json: { email, password: 'a long passphrase', tenantId: appId },
  });
  expect(res.status).toBe(200);
  const { idToken } = await json(res);
  expect(
    (await server.request('/api/live_api/account/create', { method: 'POST', token: idToken })).status,
  ).toBe(200);
  return idToken as string;
}

describe('GET /api/apps/{appId}/me', () => {
  it('answers the end user with their role, the owner as admin, and null for anyone else', async () => {
    const owner = await signUpBuilder(server);
    const appId = await publishedAppWithSignUp(owner.idToken);
    const me = (token?: string) => server.request(`/api/apps/${appId}/me`, { token });

    // nobody signed in
    expect(await json(await me())).toEqual({ user: null });

    // the app's end user, then made an admin on their User record
    const userToken = await endUser(appId, 'ada@example.com');
    const answer = await json(await me(userToken));
    expect(answer).toEqual({ user: { id: expect.any(String), email: 'ada@example.com', role: 'user' } });
    await server.platform.db.update(users).set({ appRole: 'admin' }).where(eq(users.id, answer.user.id));
    expect((await json(await me(userToken))).user.role).toBe('admin');

    // the owner builder is the app's admin
    expect(await json(await me(owner.idToken))).toEqual({
      user: { id: expect.any(String), email: owner.email, role: 'admin' },
    });

    // another builder, and an end user of another app: anonymous here
    const other = await signUpBuilder(server);
    expect(await json(await me(other.idToken))).toEqual({ user: null });
    const otherApp = await publishedAppWithSignUp(other.idToken);
    const stranger = await endUser(otherApp, 'grace@example.com');
    expect(await json(await me(stranger))).toEqual({ user: null });

    // a disabled end user is nobody
    await server.platform.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.id, answer.user.id));
    const disabled = await me(userToken);
    expect(await json(disabled)).toEqual({ user: null });

    // an app that does not exist
    expect((await server.request('/api/apps/nope0000000000000000/me')).status).toBe(404);
  });
});
