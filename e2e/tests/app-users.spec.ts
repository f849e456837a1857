import { expect, request, test } from '@playwright/test';
import { signUpVerified } from '../support/auth';
import { BASE_URL, uniqueEmail } from '../support/env';
import { publishedTeaApp } from '../support/insights';

test("a builder lists the app's users, searches, makes one an admin and disables another", async ({
  page,
}) => {
  await signUpVerified(page, uniqueEmail('app-users'), 'a long passphrase');
  const { appId, token } = await publishedTeaApp(page);
  const headers = { Authorization: `Bearer ${token}` };
  const settings = await page.request.post(`${BASE_URL}/api/apps/${appId}/settings`, {
    headers,
    data: {
      appSettings: {
        isSignupEnabled: true,
        termsOfServiceLink: 'https://tea.example.com/terms',
        privacyPolicyLink: 'https://tea.example.com/privacy',
        supportEmail: 'help@tea.example.com',
      },
    },
  });
  expect(settings.status()).toBe(200);
  // end users sign up in a request context of their own: the builder's browser keeps its session
  const endUsers = await request.newContext();
  for (const email of ['ann@tea.example.com', 'bob@tea.example.com']) {
    const res = await endUsers.post(`${BASE_URL}/api/live_api/auth/signUp`, {
      headers: { 'Content-Type': 'application/json', Origin: BASE_URL },
      data: { email, password: 'a long passphrase', tenantId: appId },
    });
    expect(res.status()).toBe(200);
  }

  await page.goto(`/users/app/${appId}`);
  await expect(page.getByRole('heading', { name: 'Tea slogans' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Users' });
  const rows = table.getByTestId('user-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('bob@tea.example.com');
  await expect(rows.first()).toContainText('Unverified');
  await expect(rows.first()).toContainText('No membership');

  await page.getByRole('searchbox', { name: 'Search users' }).fill('ann@');
  await expect(rows).toHaveCount(1);
  const ann = rows.first();
  await ann.getByLabel('Role of ann@tea.example.com').selectOption('admin');
  await expect(ann.getByLabel('Role of ann@tea.example.com')).toHaveValue('admin');
  // the role holds: read again after a reload, and through the API
  await page.reload();
  await expect(table.getByLabel('Role of ann@tea.example.com')).toHaveValue('admin');
  const list = (await (
    await page.request.get(`${BASE_URL}/api/apps/${appId}/users?q=ann`, { headers })
  ).json()) as {
    items: { email: string; role: string }[];
  };
  expect(list.items).toEqual([expect.objectContaining({ email: 'ann@tea.example.com', role: 'admin' })]);

  // bob is disabled, and signing in then says so
  const bob = page.getByRole('table', { name: 'Users' }).getByTestId('user-row').filter({ hasText: 'bob@' });
  await bob.getByRole('button', { name: 'Disable' }).click();
  await expect(bob.getByText('Disabled', { exact: true })).toBeVisible();
  const signIn = await endUsers.post(`${BASE_URL}/api/live_api/auth/signIn`, {
    headers: { 'Content-Type': 'application/json', Origin: BASE_URL },
    data: { email: 'bob@tea.example.com', password: 'a long passphrase', tenantId: appId },
  });
  expect(signIn.status()).toBe(403);
  await endUsers.dispose();
});
