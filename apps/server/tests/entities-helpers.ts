import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { schema } from '@buildai/server';
import type { TestServer } from '@buildai/testkit';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** A builder's new space app. */
export async function newApp(server: TestServer, token: string): Promise<string> {
  const res = await server.request('/api/apps/new', { method: 'POST', token, json: { kind: 'space' } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { appId: string }).appId;
}

/** Lets end users sign up on the app's tenant (a published app with sign-up turned on, spec 001 §4). */
export async function openSignUp(server: TestServer, appId: string): Promise<void> {
  await server.platform.db
    .update(schema.apps)
    .set({ isPublished: true, appSettings: { isSignupEnabled: true } })
    .where(eq(schema.apps.appId, appId));
}

/** Signs an end user up on the app's tenant: their id token and user id. */
export async function signUpEndUser(
  server: TestServer,
  appId: string,
  email: string,
): Promise<{ token: string; userId: string }> {
  const res = await server.request('/api/live_api/auth/signUp', {
    method: 'POST',
    json: { email, password: 'correct horse battery staple', tenantId: appId },
  });
  if (res.status !== 200) throw new Error(`end-user sign-up failed: ${res.status} ${await res.text()}`);
  const { idToken } = (await res.json()) as { idToken: string };
  const [user] = await server.platform.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, email));
  return { token: idToken, userId: user!.id };
}

/** The app's URL of an entity's records (and more after it). */
export const recordsUrl = (appId: string, entity: string, rest = '') =>
  `/api/apps/${appId}/entities/${entity}/records${rest}`;

/** Creates or replaces an entity as the owner. */
export async function putEntity(
  server: TestServer,
  token: string,
  appId: string,
  name: string,
  entitySchema: Json,
) {
  const res = await server.request(`/api/apps/${appId}/entities/${name}`, {
    method: 'PUT',
    token,
    json: { schema: entitySchema },
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`put entity failed: ${res.status} ${await res.text()}`);
  return res;
}
