import { expect } from '@playwright/test';
import type { Account } from '../../packages/domain/src/index';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './env';

async function post(server: string, path: string, body: unknown, idToken?: string): Promise<Response> {
  return fetch(`${server}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(idToken ? { authorization: `Bearer ${idToken}` } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
}

/** The admin's id token (ADMIN_EMAILS): signed up with an account the first time, signed in afterwards. */
export async function adminIdToken(server: string = BASE_URL): Promise<string> {
  const credentials = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  let response = await post(server, '/api/live_api/auth/signUp', { ...credentials, tenantId: 'platform' });
  if (response.status === 409) response = await post(server, '/api/live_api/auth/signIn', credentials);
  expect(response.status, 'the admin signs in').toBe(200);
  const { idToken } = (await response.json()) as { idToken: string };
  const created = await post(server, '/api/live_api/account/create', {}, idToken);
  expect(created.status, "the admin's account").toBe(200);
  return idToken;
}

/** An admin sets a builder's plan (`POST /api/admin/accounts/plan`), as an operator granting a plan does. */
export async function adminSetPlan(email: string, plan: string, server: string = BASE_URL): Promise<Account> {
  const response = await post(
    server,
    '/api/admin/accounts/plan',
    { email, plan },
    await adminIdToken(server),
  );
  expect(response.status, `setting ${email} to ${plan}`).toBe(200);
  return (await response.json()) as Account;
}
