import { expect, test, type Page } from '@playwright/test';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { adminSetPlan } from '../support/admin';
import { signUpVerified } from '../support/auth';
import { tokenOf } from '../support/builder';
import { BASE_URL, LLM_URL, uniqueEmail } from '../support/env';
import { gumroad, manageUrl, newSeller, setRedirectUrl } from '../support/gumroad';
import { linkOf, mailbox, SUBJECTS } from '../support/mail';
import { screenshot } from '../support/screens';

const llm = fakeLlmControl(LLM_URL);
const PASSWORD = 'a long passphrase';

/** The builder's API beside the UI: what other specs show through the builder's screens. */
async function call(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect([200, 201, 204], `${method} ${path}: ${await response.clone().text()}`).toContain(response.status);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * A builder's published tool app with user sign-up on and a Gumroad membership product connected: the paid
 * memberships and user signup sections have their own specs; here their saves are made through the API.
 */
async function paidToolApp(page: Page) {
  const email = uniqueEmail('gate-builder');
  await signUpVerified(page, email, PASSWORD);
  await adminSetPlan(email, 'explorer');
  const token = await tokenOf(page);
  const created = await call(token, 'POST', '/api/apps/new', { kind: 'tool' });
  const { appId, toolId } = created as { appId: string; toolId: string };
  await call(token, 'POST', '/api/apps', {
    appType: 'tool',
    appId,
    app: {
      header: 'Slogan maker',
      description: 'Catchy slogans in seconds.',
      inputLabel: 'Topic',
      gptPrompt: 'Write one slogan about {{input}}.',
      appBuilderVersion: 4,
    },
  });
  await call(token, 'POST', `/api/apps/${appId}/tools/${toolId}/status`, { status: 'active' });
  await call(token, 'POST', `/api/apps/${appId}/publish`);
  const seller = await newSeller({ name: 'Slogan club', price: 900, yearlyPrice: 9000 });
  await call(token, 'POST', `/api/apps/${appId}/settings`, {
    appSettings: {
      isSignupEnabled: true,
      termsOfServiceLink: 'https://example.com/terms',
      privacyPolicyLink: 'https://example.com/privacy',
      supportEmail: 'support@example.com',
      isPaidMembershipsEnabled: true,
      gumroadAccessToken: seller.token,
    },
  });
  await call(token, 'POST', `/api/apps/${appId}/payments/connect`, { productId: seller.product.id });
  const app = (await call(token, 'GET', `/api/apps/${appId}`)) as { tools: { path: string }[] };
  return { appId, productId: String(seller.product.id), toolPath: app.tools[0]!.path };
}

test('a visitor is refused a paid app, buys its membership through the checkout, signs up and runs the tool', async ({
  page,
  browser,
}) => {
  await llm.reset();
  const { appId, productId, toolPath } = await paidToolApp(page);
  const toolUrl = `${BASE_URL}/app/${appId}/tool/${toolPath}`;
  // Gumroad's "redirect after purchase", set by the seller: back to the tool's page
  await setRedirectUrl(productId, toolUrl);

  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  await tab.goto(toolUrl);

  // the plan dialog opens over the page
  const dialog = tab.getByRole('dialog');
  await expect(dialog.getByText('Unlock Slogan maker to reach your goals faster.')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Yearly/ })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByText('Save 17%')).toBeVisible();
  await expect(dialog.getByText('No Commitment - Cancel Anytime')).toBeVisible();
  await expect(dialog.getByTestId('billing-summary')).toHaveText('90$ per year (7.50$/mo)');
  await screenshot(tab, 'memberships-plan-dialog');

  // closed, the page is there, but the server refuses the run and the dialog comes back
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await tab.getByLabel('Topic').fill('green tea');
  await tab.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog.getByText('Unlock Slogan maker to reach your goals faster.')).toBeVisible();

  // Start My Journey opens the product's checkout; paying sends the buyer back with ?sale_id=
  const buyer = uniqueEmail('gate-buyer');
  await dialog.getByRole('button', { name: /Start My Journey/ }).click();
  await expect(tab.getByRole('heading', { name: 'Slogan club' })).toBeVisible();
  await tab.getByLabel('Email').fill(buyer);
  await tab.getByRole('button', { name: 'Pay' }).click();

  // not signed in: the app's sign-up, carrying the sale
  await expect(tab).toHaveURL(/\/login\?/);
  const login = new URL(tab.url());
  expect(login.searchParams.get('appId')).toBe(appId);
  expect(login.searchParams.get('mode')).toBe('signup');
  expect(login.searchParams.get('sale_id')).toMatch(/.+/);
  expect(login.searchParams.get('redirectTo')).toBe(`/app/${appId}/tool/${toolPath}`);
  const inbox = mailbox(buyer);
  await tab.getByLabel('Email').fill(buyer);
  await tab.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await tab.getByRole('button', { name: 'Create account' }).click();

  // the email is verified from the outbox, then the way leads back to the tool
  await expect(tab).toHaveURL(/\/auth\/verifyEmail\?/);
  await tab.goto(linkOf(await inbox.next(SUBJECTS.verify)));
  await expect(tab.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
  await tab.getByRole('link', { name: 'Continue' }).click();
  await expect(tab).toHaveURL(toolUrl);

  // a member now: no dialog, and the tool runs
  await expect(tab.getByLabel('Topic')).toBeVisible();
  await expect(tab.getByRole('dialog')).toBeHidden();
  await llm.enqueue({ chunks: ['Green tea: ', 'calm in every cup.'] });
  await tab.getByLabel('Topic').fill('green tea');
  await tab.getByRole('button', { name: 'Generate' }).click();
  await expect(tab.getByText('Green tea: calm in every cup.')).toBeVisible();
  await visitor.close();
});

test("a signed-in end user buys from the app's page and waits on 'Refreshing your account...' until the sale shows", async ({
  page,
  browser,
}) => {
  await llm.reset();
  const { appId, productId, toolPath } = await paidToolApp(page);
  const toolUrl = `${BASE_URL}/app/${appId}/tool/${toolPath}`;
  await setRedirectUrl(productId, toolUrl);

  // an end user of the app, signed up and verified before buying
  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  const email = uniqueEmail('gate-member');
  const inbox = mailbox(email);
  await tab.goto(
    `/login?appId=${appId}&mode=signup&redirectTo=${encodeURIComponent(new URL(toolUrl).pathname)}`,
  );
  await tab.getByLabel('Email').fill(email);
  await tab.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await tab.getByRole('button', { name: 'Create account' }).click();
  await expect(tab).toHaveURL(/\/auth\/verifyEmail\?/);
  await tab.goto(linkOf(await inbox.next(SUBJECTS.verify)));
  await tab.getByRole('link', { name: 'Continue' }).click();
  await expect(tab).toHaveURL(toolUrl);

  // not a member yet: the plan, then the checkout, paid with the account's email
  const dialog = tab.getByRole('dialog');
  await dialog.getByRole('button', { name: /Start My Journey/ }).click();
  await expect(tab.getByRole('heading', { name: 'Slogan club' })).toBeVisible();
  await tab.getByLabel('Email').fill(email);
  await tab.getByRole('button', { name: 'Pay' }).click();

  // back on the page with ?sale_id=: the account is checked until the sale shows, then the page is theirs
  await expect(tab).toHaveURL(/[?&]sale_id=/);
  await expect(dialog.getByText('Refreshing your account...')).toBeVisible();
  await screenshot(tab, 'memberships-refreshing-account');
  await expect(dialog).toBeHidden();
  await expect(tab).toHaveURL(toolUrl);
  await llm.enqueue({ chunks: ['Members only: ', 'calm in every cup.'] });
  await tab.getByLabel('Topic').fill('green tea');
  await tab.getByRole('button', { name: 'Generate' }).click();
  await expect(tab.getByText('Members only: calm in every cup.')).toBeVisible();

  // the member's account menu offers Gumroad's page where they manage their subscription (spec 000 §2)
  const subscriptionId = (await gumroad.pings()).find((p) => p.body.email === email)?.body.subscription_id;
  expect(subscriptionId).toMatch(/.+/);
  await tab.getByRole('button', { name: `Account: ${email}` }).click();
  const manage = tab.getByRole('menuitem', { name: 'Manage subscription' });
  await expect(manage).toHaveAttribute('href', manageUrl(subscriptionId!));
  await expect(manage).toHaveAttribute('target', '_blank');
  const [gumroadTab] = await Promise.all([visitor.waitForEvent('page'), manage.click()]);
  await expect(gumroadTab.getByRole('button', { name: 'Cancel membership' })).toBeVisible();
  await gumroadTab.close();

  // and 'My history': what they asked the app
  await tab.getByRole('button', { name: `Account: ${email}` }).click();
  await tab.getByRole('menuitem', { name: 'My history', exact: true }).click();
  const history = tab.getByRole('dialog', { name: 'My history' });
  await expect(history.getByRole('listitem').filter({ hasText: 'green tea' })).toContainText(
    'Members only: calm in every cup.',
  );
  await screenshot(tab, 'my-history-member-1280');
  await visitor.close();
});
