import { expect, test } from '@playwright/test';
import { signUpVerified } from '../support/auth';
import { tokenOf } from '../support/builder';
import { BASE_URL, uniqueEmail } from '../support/env';
import { screenshot } from '../support/screens';

// Issue 32, item 29: a record's public item page (with its link preview) and the short tool link on the product's
// host. Screenshots at 1280 and 390 px in e2e/.artifacts/screens/.

test('an item page shows a record a visitor may read, and /tool/{path} says when no tool is there', async ({
  page: p,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpVerified(p, uniqueEmail('item'), 'a long passphrase');
  const auth = { authorization: `Bearer ${await tokenOf(p)}` };
  const created = await p.request.post(`${BASE_URL}/api/apps/new`, {
    headers: auth,
    data: { kind: 'space' },
  });
  const { appId } = (await created.json()) as { appId: string };
  await p.request.post(`${BASE_URL}/api/apps`, {
    headers: auth,
    data: { appType: 'generated', appId, genApp: { header: 'Family cookbook', description: '' } },
  });
  expect(
    (
      await p.request.put(`${BASE_URL}/api/apps/${appId}/entities/Recipe`, {
        headers: auth,
        data: {
          schema: {
            type: 'object',
            properties: {
              title: { type: 'string' },
              summary: { type: 'string' },
              prepMinutes: { type: 'number' },
              vegetarian: { type: 'boolean' },
              tags: { type: 'array', items: { type: 'string' } },
            },
            'x-accessControl': { permissions: { read: 'anonymous', write: 'creator' } },
          },
        },
      })
    ).status(),
  ).toBe(201);
  const record = await p.request.post(`${BASE_URL}/api/apps/${appId}/entities/Recipe/records`, {
    headers: auth,
    data: {
      fields: {
        title: 'Lemon tart',
        summary:
          'A sharp, bright tart for summer evenings: a crisp shell, a silky curd and a dusting of sugar.',
        prepMinutes: 45,
        vegetarian: true,
        tags: ['dessert', 'summer'],
      },
    },
  });
  const { id } = (await record.json()) as { id: string };
  expect((await p.request.post(`${BASE_URL}/api/apps/${appId}/publish`, { headers: auth })).status()).toBe(
    200,
  );

  // a visitor, signed in nowhere
  const visitor = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await visitor.goto(`/app/${appId}/item/Recipe/${id}`);
  await expect(visitor.getByRole('heading', { name: 'Lemon tart' })).toBeVisible();
  await expect(visitor.getByText('Prep minutes')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    'Lemon tart · Family cookbook',
  );
  await screenshot(visitor, 'item-page-1280');
  await visitor.setViewportSize({ width: 390, height: 844 });
  await screenshot(visitor, 'item-page-390');

  await visitor.goto(`/app/${appId}/item/Recipe/nope`);
  await expect(visitor.getByRole('heading', { name: 'Item not found' })).toBeVisible();

  // item 11: on a phone the Sign in / Sign up corner sits above the app, not over its heading
  const signup = await p.request.post(`${BASE_URL}/api/apps/${appId}/settings`, {
    headers: auth,
    data: {
      appSettings: {
        isSignupEnabled: true,
        termsOfServiceLink: 'https://cookbook.example/terms',
        privacyPolicyLink: 'https://cookbook.example/privacy',
        supportEmail: 'help@cookbook.example',
      },
    },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  await visitor.goto(`/app/${appId}`);
  const corner = visitor.getByRole('navigation', { name: 'Account' });
  await expect(corner.getByRole('link', { name: 'Sign up' })).toBeVisible();
  const frame = visitor.locator('iframe').first();
  await expect(frame).toBeVisible();
  await expect
    .poll(async () => (await frame.boundingBox())!.y)
    .toBeGreaterThanOrEqual((await corner.boundingBox())!.y + (await corner.boundingBox())!.height);
  await expect(visitor.frameLocator('iframe').getByRole('heading', { name: 'Your new app' })).toBeVisible({
    timeout: 20_000,
  });
  await screenshot(visitor, 'space-app-signup-corner-390');

  await visitor.setViewportSize({ width: 1280, height: 800 });
  await visitor.goto('/tool/no-such-tool');
  await expect(visitor.getByRole('heading', { name: 'No tool at this link' })).toBeVisible();
  await screenshot(visitor, 'tool-link-none-1280');
  await visitor.close();
});
