import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminSetPlan } from '../support/admin';
import { signUpVerified } from '../support/auth';
import { GUMROAD_URL, SINGLE_PLAN_URL, uniqueEmail } from '../support/env';
import { screenshot } from '../support/screens';

const PASSWORD = 'a long passphrase';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 720 };

function upgradeDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Upgrade your plan' });
}

/** A card of the several-plans layout, by the plan's name. */
function planCard(dialog: Locator, name: string): Locator {
  return dialog.getByRole('list', { name: 'Plans' }).getByRole('article', { name, exact: true });
}

async function expectCard(
  dialog: Locator,
  name: string,
  state: string,
  button: string,
  role: 'button' | 'link' = 'button',
): Promise<void> {
  const card = planCard(dialog, name);
  await expect(card).toHaveAttribute('data-plan-state', state);
  // a payment link says it opens in a new tab
  const label = role === 'link' ? `${button} (opens in a new tab)` : button;
  await expect(card.getByRole(role, { name: label, exact: true })).toBeVisible();
}

// The operator's plans (fixtures/gumroad-plans.json, the bundled ones with Gumroad products): Lite, Explorer,
// Monetizer, Discover, Moon. Explorer and Monetizer are bought at the fake Gumroad: their buttons are links there.
test('the Upgrade plan dialog with several plans: Lite is current for a new builder, Explorer once an admin grants it', async ({
  page,
}) => {
  const email = uniqueEmail('plans');
  await signUpVerified(page, email, PASSWORD);

  await page.goto('/home?goto=upgrade_app_plan');
  const dialog = upgradeDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Upgrade your plan' })).toBeVisible();
  const cards = dialog.getByRole('list', { name: 'Plans' }).getByRole('article');
  await expect(cards.getByRole('heading', { level: 3 })).toHaveText([
    'Lite',
    'Explorer',
    'Monetizer',
    'Discover',
    'Moon',
  ]);
  // the current card comes first, its button disabled; every card after it offers an upgrade
  await expectCard(dialog, 'Lite', 'selected', 'Current plan');
  await expect(planCard(dialog, 'Lite').getByRole('button', { name: 'Current plan' })).toBeDisabled();
  await expect(planCard(dialog, 'Lite')).toContainText('Current');
  await expectCard(dialog, 'Explorer', 'upgrade', 'Upgrade to Explorer', 'link');
  await expect(planCard(dialog, 'Explorer').getByRole('link')).toHaveAttribute(
    'href',
    `${GUMROAD_URL}/l/e2e-explorer`,
  );
  await expectCard(dialog, 'Monetizer', 'upgrade', 'Upgrade to Monetizer', 'link');
  await expectCard(dialog, 'Discover', 'upgrade', 'Upgrade');
  await expectCard(dialog, 'Moon', 'upgrade', 'Go to the Moon');
  await expect(planCard(dialog, 'Explorer')).toContainText(/most popular/i);
  await screenshot(page, 'upgrade-several-1280');

  await page.setViewportSize(PHONE);
  await expect(dialog).toBeVisible();
  await expectCard(dialog, 'Lite', 'selected', 'Current plan');
  await screenshot(page, 'upgrade-several-375');
  await page.setViewportSize(DESKTOP);

  // an admin grants Explorer: after a reload Explorer is current, Lite a downgrade
  const updated = await adminSetPlan(email, 'explorer');
  expect(updated.plan).toBe('explorer');
  await page.reload();
  await expect(dialog).toBeVisible();
  await expectCard(dialog, 'Explorer', 'selected', 'Current plan');
  await expect(planCard(dialog, 'Explorer').getByRole('button', { name: 'Current plan' })).toBeDisabled();
  await expectCard(dialog, 'Lite', 'downgrade', 'Downgrade');
  await expectCard(dialog, 'Monetizer', 'upgrade', 'Upgrade to Monetizer', 'link');
  await expectCard(dialog, 'Moon', 'upgrade', 'Go to the Moon');

  // closed, it leaves the address; the sidebar's "Upgrade" opens it again
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('button', { name: 'Upgrade', exact: true }).click();
  await expect(dialog).toBeVisible();
  await expectCard(dialog, 'Explorer', 'selected', 'Current plan');
});

test.describe('a server whose operator offers a single plan', () => {
  // the second server of playwright.config.ts, started with PLANS_FILE=fixtures/single-plan.json
  test.use({ baseURL: SINGLE_PLAN_URL });

  test('the Upgrade plan dialog shows the single-plan layout: billing period, saving, price, one call to action', async ({
    page,
  }) => {
    await signUpVerified(page, uniqueEmail('single-plan'), PASSWORD, SINGLE_PLAN_URL);

    await page.goto('/home?goto=upgrade_app_plan');
    const dialog = upgradeDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Plans' })).toHaveCount(0);
    await expect(
      dialog.getByRole('heading', { name: 'Unlock Pro to reach your goals faster.' }),
    ).toBeVisible();
    const period = dialog.getByRole('radiogroup', { name: 'Billing period' });
    // yearly first, with its saving against twelve months (190 against 228: 17%)
    await expect(period.getByRole('radio', { name: /^Yearly/ })).toHaveAttribute('aria-checked', 'true');
    await expect(period.getByRole('radio', { name: /^Yearly/ })).toContainText('Save 17%');
    await expect(dialog.getByText('$190', { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('billing-summary')).toHaveText('190$ per year (15.83$/mo)');
    await expect(dialog.getByText('No Commitment - Cancel Anytime')).toBeVisible();
    const cta = dialog.getByRole('link', { name: 'Start My Journey' });
    await expect(cta).toHaveAttribute('href', 'https://pay.example.com/buildai-pro');
    await expect(cta).toHaveAttribute('target', '_blank');
    await screenshot(page, 'upgrade-single-1280');

    await period.getByRole('radio', { name: 'Monthly' }).click();
    await expect(period.getByRole('radio', { name: 'Monthly' })).toHaveAttribute('aria-checked', 'true');
    await expect(dialog.getByText('$19', { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('billing-summary')).toHaveText('Just 19$ per month');

    await page.setViewportSize(PHONE);
    await period.getByRole('radio', { name: /^Yearly/ }).click();
    await expect(dialog.getByTestId('billing-summary')).toHaveText('190$ per year (15.83$/mo)');
    await screenshot(page, 'upgrade-single-375');
  });
});
