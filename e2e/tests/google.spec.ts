import { expect, test } from '@playwright/test';
import { fakeOidcControl } from '../../packages/testkit/src/fake-oidc-control';
import { BASE_URL, OIDC_ISSUER, uniqueEmail } from '../support/env';

// The fake OpenID provider of playwright.config.ts (standing in for Google, with its consent page), scripted over
// its HTTP control API.
const google = fakeOidcControl(OIDC_ISSUER);

// The sign-in popup goes to Google (another origin) and comes back to our callback page, which hands the result to
// `window.opener`: the pages must be served with `Cross-Origin-Opener-Policy: same-origin-allow-popups`.
test('the sign-in page keeps its popups', async () => {
  const response = await fetch(`${BASE_URL}/login`);
  expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
});

test.beforeEach(async () => {
  await google.reset();
});

test('Continue with Google: the consent popup signs the builder in and closes', async ({ page }) => {
  const email = uniqueEmail('google');
  await google.setUser({
    sub: String(100000000000000000000n + BigInt(Date.now())),
    email,
    email_verified: true,
    name: 'Grace Hopper',
  });

  await page.goto('/login');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await expect(page.getByRole('button', { name: 'Waiting for Google…' })).toBeDisabled();

  const popupClosed = popup.waitForEvent('close', { timeout: 5_000 });
  await popup.getByRole('button', { name: `Continue as ${email}` }).click();
  await popupClosed;

  // Google's addresses are verified: straight to the main page, signed in as that address
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('button', { name: email }).click();
  await expect(page.getByRole('menu')).toContainText(email);
  const authorize = (await google.requests()).filter((r) => r.path === '/authorize');
  expect(authorize).toHaveLength(1);
  expect(authorize[0]!.query).toMatchObject({
    client_id: 'fake-google-client',
    code_challenge_method: 'S256',
  });
});

test('a Google popup closed by the user leaves the sign-in page as it was, with no error', async ({
  page,
}) => {
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Continue with Google' });
  const popupOpened = page.waitForEvent('popup');
  await button.click();
  const popup = await popupOpened;
  await expect(popup.getByRole('button', { name: /^Continue as / })).toBeVisible();
  await popup.close();

  await expect(button).toBeEnabled();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('"Cancel" on the Google consent screen closes the popup, with no error', async ({ page }) => {
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Continue with Google' });
  const popupOpened = page.waitForEvent('popup');
  await button.click();
  const popup = await popupOpened;
  const popupClosed = popup.waitForEvent('close', { timeout: 5_000 });
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await popupClosed;

  await expect(button).toBeEnabled();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
