import { expect, test } from '@playwright/test';
import type { Account } from '../../packages/domain/src/index';
import { signUpVerified } from '../support/auth';
import { newTool, openPanel, tokenOf } from '../support/builder';
import { BASE_URL, uniqueEmail } from '../support/env';
import { checkoutUrl, manageUrl, OPERATOR_PRODUCTS, setRedirectUrl } from '../support/gumroad';
import { screenshot } from '../support/screens';

const PASSWORD = 'a long passphrase';
const LOCKED = 'Upgrade your plan to edit tool settings';

// The e2e servers sell the builder plans through the fake Gumroad: Explorer's card names the operator's product
// `e2e-explorer` (gumroadProductId) and GUMROAD_ACCESS_TOKEN is the operator's token, whose sales ping the server.
test('a lite builder buys Explorer through the checkout and the settings unlock', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('buyer');
  await signUpVerified(page, email, PASSWORD);
  const builder = await newTool(page);
  const workspace = new URL(page.url()).pathname;

  await openPanel(builder, /settings/i);
  await expect(builder.getByText(LOCKED, { exact: true })).toBeVisible();
  // the paid memberships section is greyed out with the rest
  const paid = builder.getByRole('region', { name: 'Paid memberships' });
  await expect(paid).toHaveAttribute('aria-disabled', 'true');
  await expect(paid.getByRole('switch', { name: 'Enable paid memberships' })).toBeDisabled();
  await paid.scrollIntoViewIfNeeded();
  await screenshot(page, 'paid-memberships-locked');
  await builder.getByRole('button', { name: 'Upgrade plan' }).click();

  const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
  const explorer = dialog
    .getByRole('list', { name: 'Plans' })
    .getByRole('article', { name: 'Explorer', exact: true });
  const buy = explorer.getByRole('link', { name: /Upgrade to Explorer/ });
  await expect(buy).toHaveAttribute('href', checkoutUrl(OPERATOR_PRODUCTS.explorer));
  await expect(buy).toHaveAttribute('target', '_blank');
  // purchases are on: no word about turning them on
  await expect(dialog.getByRole('note', { name: 'Plan purchases are not turned on yet' })).toHaveCount(0);
  await screenshot(page, 'builder-purchase-dialog');

  // the operator's product brings the buyer back to the workspace (the checkout appends ?sale_id=)
  await setRedirectUrl(OPERATOR_PRODUCTS.explorer, `${BASE_URL}${workspace}`);
  const [checkout] = await Promise.all([page.waitForEvent('popup'), buy.click()]);
  await checkout.getByLabel('Email').fill(email);
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(checkout).toHaveURL(/[?&]sale_id=[^&]+/);
  const saleId = new URL(checkout.url()).searchParams.get('sale_id');
  expect(saleId).toBeTruthy();

  // back in the product: the account is asked every 4 s until the sale shows, then the new plan is confirmed
  const confirmed = checkout.getByRole('dialog', { name: 'Your plan' });
  await expect(confirmed).toBeVisible();
  await expect(confirmed.getByText('Payment confirmed.')).toBeVisible({ timeout: 60_000 });
  await expect(confirmed).toContainText("You're now on the Explorer plan.");
  await expect(
    confirmed.getByRole('list', { name: 'Plans' }).getByRole('article', { name: 'Explorer', exact: true }),
  ).toHaveAttribute('data-plan-state', 'selected');
  // the subscription is managed on Gumroad, from the current plan and from the plan it would end on
  const account = (await (
    await checkout.request.get(`${BASE_URL}/api/live_api/account/current`, {
      headers: { authorization: `Bearer ${await tokenOf(checkout)}` },
    })
  ).json()) as Account;
  expect(account.plan).toBe('explorer');
  expect(account.subscriptionPaymentsIds).toContain(saleId);
  const manage = manageUrl(account.subscriptionId!);
  const plans = confirmed.getByRole('list', { name: 'Plans' });
  await expect(
    plans
      .getByRole('article', { name: 'Explorer', exact: true })
      .getByRole('link', { name: /Manage subscription/ }),
  ).toHaveAttribute('href', manage);
  await expect(
    plans.getByRole('article', { name: 'Lite', exact: true }).getByRole('link', { name: /Downgrade/ }),
  ).toHaveAttribute('href', manage);
  await screenshot(checkout, 'builder-purchase-confirmed');
  await checkout.keyboard.press('Escape');
  await expect(confirmed).toBeHidden();
  await expect(checkout).not.toHaveURL(/sale_id=/);

  // the settings panel is open to an Explorer builder
  const panel = checkout.getByRole('complementary', { name: 'Builder' });
  await openPanel(panel, /settings/i);
  await expect(panel.getByText(LOCKED, { exact: true })).toHaveCount(0);
  await expect(panel.getByLabel('Daily runs', { exact: true })).toBeEnabled();
  await expect(panel.getByRole('switch', { name: 'Pro tool' })).toBeEnabled();
  await screenshot(checkout, 'builder-purchase-unlocked');

  // the first tab learns it on its next look at the account (its dialog closed first: it was opened by the address)
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.reload();
  await openPanel(builder, /settings/i);
  await expect(builder.getByText(LOCKED, { exact: true })).toHaveCount(0);
});
