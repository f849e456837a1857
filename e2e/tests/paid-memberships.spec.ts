import { expect, test, type Locator } from '@playwright/test';
import type { AppView } from '../../packages/domain/src/index';
import { adminSetPlan } from '../support/admin';
import { signUpVerified } from '../support/auth';
import { builderPanel, newTool, openPanel, saveStatus, tokenOf } from '../support/builder';
import { BASE_URL, uniqueEmail } from '../support/env';
import { checkoutUrl, newSeller, setRedirectUrl } from '../support/gumroad';
import { screenshot } from '../support/screens';
import { expectToast } from '../support/toast';

const PASSWORD = 'a long passphrase';

const section = (builder: Locator) => builder.getByRole('region', { name: 'Paid memberships' });

test('a builder connects a Gumroad product to an app and previews the plan dialog its users will see', async ({
  page,
}) => {
  const email = uniqueEmail('memberships');
  await signUpVerified(page, email, PASSWORD);
  await adminSetPlan(email, 'explorer');
  const seller = await newSeller({ name: 'Caption club', price: 900, yearlyPrice: 9000 });

  // a published tool app with user signup on
  await page.reload();
  const builder = await newTool(page);
  const appId = new URL(page.url()).pathname.split('/')[3]!;
  await builder.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(saveStatus(builder)).toHaveText('Published');

  await openPanel(builder, /settings/i);
  const paid = section(builder);
  // paid memberships wait for user signup, which needs its links and support email
  const toggle = paid.getByRole('switch', { name: 'Enable paid memberships' });
  await expect(toggle).toBeDisabled();
  await builder.getByRole('switch', { name: 'Enable user signup' }).click();
  await builder.getByLabel('Terms of service link').fill('https://example.com/terms');
  await builder.getByLabel('Privacy policy link').fill('https://example.com/privacy');
  await builder.getByLabel('Support email').fill('support@example.com');
  await expect(builder.getByRole('switch', { name: 'Enable user signup' })).toBeChecked();
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(toggle).toBeChecked();

  // the token is checked by listing its products, then kept by the server and never shown again
  await paid.getByLabel('Gumroad access token').fill(seller.token);
  const product = paid.getByRole('radio', { name: 'Caption club' });
  await expect(product).toBeVisible();
  await expect(paid.getByText('Access token saved')).toBeVisible();
  await expect(paid.getByLabel('Gumroad access token')).toHaveCount(0);

  // the address Gumroad sends buyers back to, set on the product as a seller does in Gumroad
  const redirect = await paid.getByLabel('Redirect after purchase').inputValue();
  expect(redirect).toBe(`${BASE_URL}/app/${appId}`);
  await setRedirectUrl(seller.product.id, redirect);

  await product.click();
  await paid.getByRole('button', { name: 'Connect', exact: true }).click();
  await expectToast(page, "Connected to Gumroad, you're all set!");
  await expect(paid.getByRole('button', { name: 'Connected', exact: true })).toBeDisabled();
  await screenshot(page, 'paid-memberships-connected');

  // the app's single-plan dialog in its demo view
  await paid.getByRole('button', { name: 'Show pricing plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(
    dialog.getByText('Demo view: this is how the upgrade plan dialog will look like in the app', {
      exact: true,
    }),
  ).toBeVisible();
  const header = (await (
    await page.request.get(`${BASE_URL}/api/apps/${appId}`, {
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
    })
  ).json()) as AppView;
  // named as its visitors see it: the app's header, or the plan's name for an app without one
  const name = header.header.trim() || 'Caption club';
  await expect(
    dialog.getByRole('heading', { name: `Unlock ${name} to reach your goals faster.` }),
  ).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Yearly/ })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByText('Save 17%')).toBeVisible();
  await expect(dialog.getByText('No Commitment - Cancel Anytime')).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Start My Journey/ })).toHaveAttribute(
    'href',
    checkoutUrl(seller.product.id),
  );
  await screenshot(page, 'paid-memberships-demo-plan');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // back later: the saved token is not on the page, the product is still connected
  await page.reload();
  await openPanel(builder, /settings/i);
  await expect(section(builder).getByText('Access token saved')).toBeVisible();
  await expect(section(builder).getByRole('radio', { name: 'Caption club' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(section(builder).getByRole('button', { name: 'Connected', exact: true })).toBeVisible();
  expect(await page.content()).not.toContain(seller.token);
  await screenshot(page, 'paid-memberships-saved');
});

test('the paid memberships switch waits for user signup and says why', async ({ page }) => {
  const email = uniqueEmail('memberships-off');
  await signUpVerified(page, email, PASSWORD);
  await adminSetPlan(email, 'explorer');
  await page.reload();
  const builder = await newTool(page);
  await openPanel(builder, /settings/i);
  const paid = section(builderPanel(page));
  await expect(paid.getByRole('switch', { name: 'Enable paid memberships' })).toBeDisabled();
  await expect(
    paid.getByText('Turn on user signup first: members sign up to your app with the email they paid with.'),
  ).toBeVisible();
  await paid.scrollIntoViewIfNeeded();
  await screenshot(page, 'paid-memberships-needs-signup');
});
