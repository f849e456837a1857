import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { adminSetPlan } from '../support/admin';
import { signUpVerified } from '../support/auth';
import { activateAndPublish, newTool, openPanel, saveStatus, tokenOf } from '../support/builder';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH, PORT, uniqueEmail } from '../support/env';
import { linkOf, mailbox, SUBJECTS } from '../support/mail';
import { screenshot } from '../support/screens';

// Chromium resolves the custom domains of these tests to this machine, as DNS would to the server
const DOMAIN_SUFFIX = 'e2e-domains.test';
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP *.${DOMAIN_SUFFIX} 127.0.0.1`],
  },
});

const SCREENS = fileURLToPath(new URL('../.artifacts/screens/', import.meta.url));
const LINKS = {
  terms: 'https://acme-coach.example/terms',
  privacy: 'https://acme-coach.example/privacy',
  support: 'help@acme-coach.example',
};

test('a builder turns on user signup; an end user signs up on the app’s own page, sees who they are and signs out', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpVerified(page, uniqueEmail('signup-builder'), 'a long passphrase');

  // a published tool named Acme Coach
  const builder = await newTool(page);
  const appId = page.url().split('/build/app/')[1]!.split('/')[0]!;
  await openPanel(builder, /Tool texts/);
  await builder.getByLabel('Header', { exact: true }).fill('Acme Coach');
  await builder.getByRole('button', { name: 'Done' }).click();
  await activateAndPublish(page, builder);
  // the app's look, as the App branding panel saves it
  const style = await fetch(`${BASE_URL}/api/apps/${appId}/style`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf(page)}` },
    body: JSON.stringify({
      appStyle: { styleName: 'colorful', buttonBackgroundColor: '#db2777', buttonTextColor: '#ffffff' },
    }),
  });
  expect(style.status).toBe(200);

  // User signup: turned on, the three empty fields are red until filled
  await openPanel(builder, /Tool settings/);
  const signup = builder.getByRole('switch', { name: 'Enable user signup' });
  await expect(signup).toBeEnabled();
  await signup.click();
  await expect(signup).toBeChecked();
  await expect(
    builder.getByText('User signup needs a terms of service link, a privacy policy link and a support email'),
  ).toBeVisible();
  const terms = builder.getByLabel('Terms of service link');
  const privacy = builder.getByLabel('Privacy policy link');
  const support = builder.getByLabel('Support email');
  for (const field of [terms, privacy, support]) await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(builder.getByTestId('public-address')).toHaveText(`${BASE_URL}/app/${appId}`);
  const section = builder
    .locator('section', { has: page.getByRole('heading', { name: 'User signup' }) })
    .last();
  // tall enough for the whole section in the panel's scroll area
  await page.setViewportSize({ width: 1280, height: 1600 });
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: `${SCREENS}user-signup-section-empty.png`, animations: 'disabled' });
  await terms.fill(LINKS.terms);
  await privacy.fill(LINKS.privacy);
  await expect(terms).not.toHaveAttribute('aria-invalid');
  await support.fill(LINKS.support);
  await expect(support).not.toHaveAttribute('aria-invalid');
  await expect(saveStatus(builder)).toHaveText('Saving...');
  await expect(saveStatus(builder)).toHaveText('Published');
  await section.screenshot({ path: `${SCREENS}user-signup-section.png`, animations: 'disabled' });

  // an end user opens the app: Sign in and Sign up lead to the app's own page
  const visitor = await browser.newContext();
  const app = await visitor.newPage();
  await app.goto(`/app/${appId}`);
  await expect(app.getByRole('heading', { name: 'Acme Coach' })).toBeVisible();
  const appUrl = app.url();
  await app.getByRole('link', { name: 'Sign up' }).click();
  await expect(app).toHaveURL(/\/login\?appId=.*mode=signup/);
  await expect(app.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(app.getByText('Sign up to use Acme Coach.')).toBeVisible();
  await expect(app.getByText('BuildAI')).toHaveCount(0);
  const legal = app.getByTestId('app-legal');
  await expect(legal).toContainText('By signing up you agree to the Terms of Service and Privacy Policy');
  await expect(legal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', LINKS.terms);
  await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', LINKS.privacy);
  await expect(legal.getByRole('link', { name: LINKS.support })).toHaveAttribute(
    'href',
    `mailto:${LINKS.support}`,
  );
  await screenshot(app, 'app-signup-page');

  // signs up, verifies the address from the mail, and is back on the app
  const endUser = uniqueEmail('end-user');
  const inbox = mailbox(endUser);
  await app.getByLabel('Email').fill(endUser);
  await app.getByLabel('Password', { exact: true }).fill('an end user passphrase');
  await app.getByRole('button', { name: 'Create account' }).click();
  await expect(app).toHaveURL(/\/auth\/verifyEmail\?/);
  // the waiting page and the emailed link's page wear the app's look, as its sign-in page does
  await expect(app.getByText('Confirm your email address to continue to Acme Coach.')).toBeVisible();
  await expect(app.locator('[data-branded="app"]')).toBeVisible();
  await screenshot(app, 'app-verify-email-page');
  await app.goto(linkOf(await inbox.next(SUBJECTS.verify)));
  await expect(app.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
  await expect(app.locator('[data-branded="app"]')).toBeVisible();
  await screenshot(app, 'app-email-verified-page');
  await app.getByRole('link', { name: 'Continue' }).click();
  await expect(app).toHaveURL(appUrl);

  // who they are, in the account menu; signing out makes them a visitor again
  const account = app.getByRole('button', { name: `Account: ${endUser}` });
  await expect(account).toBeVisible();
  await account.click();
  await expect(app.getByTestId('account-email')).toHaveText(endUser);
  await screenshot(app, 'app-account-menu');
  await app.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(app.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(account).toHaveCount(0);
  await app.reload();
  await expect(app.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await visitor.close();
});

test('an app on its own domain: its page at /, its sign-in at /login, emailed links there, the end user back on the app signed in', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const builderEmail = uniqueEmail('domain-builder');
  await signUpVerified(page, builderEmail, 'a long passphrase');
  // custom domains are a paid setting
  await adminSetPlan(builderEmail, 'explorer');
  await page.reload();
  const builder = await newTool(page);
  const appId = page.url().split('/build/app/')[1]!.split('/')[0]!;
  await openPanel(builder, /Tool texts/);
  await builder.getByLabel('Header', { exact: true }).fill('Domain Coach');
  await builder.getByRole('button', { name: 'Done' }).click();
  await activateAndPublish(page, builder);

  // the domain, typed as an address; saved as the bare name, and the public address follows
  const domain = `coach-${Date.now().toString(36)}.${DOMAIN_SUFFIX}`;
  await openPanel(builder, /Tool settings/);
  const field = builder.getByLabel('Custom domain');
  await field.fill(`https://${domain.toUpperCase()}/`);
  await field.press('Enter');
  await expect(field).toHaveValue(domain);
  await expect(builder.getByTestId('public-address')).toHaveText(`https://${domain}`);
  await builder.getByRole('switch', { name: 'Enable user signup' }).click();
  await builder.getByLabel('Terms of service link').fill(LINKS.terms);
  await builder.getByLabel('Privacy policy link').fill(LINKS.privacy);
  await builder.getByLabel('Support email').fill(LINKS.support);
  await expect(saveStatus(builder)).toHaveText('Saving...');
  await expect(saveStatus(builder)).toHaveText('Published');

  const visitor = await browser.newContext();
  const app = await visitor.newPage();
  const origin = `http://${domain}:${PORT}`;
  // the sign-in page of the domain is the app's
  await app.goto(`${origin}/login`);
  await expect(app).toHaveURL(`${origin}/login?appId=${appId}`);
  await expect(app.getByRole('heading', { name: 'Sign in to Domain Coach' })).toBeVisible();

  // the app at the domain's root; an end user signs up there and verifies from the mail
  await app.goto(`${origin}/`);
  await expect(app.getByRole('heading', { name: 'Domain Coach' })).toBeVisible();
  await app.getByRole('link', { name: 'Sign up' }).click();
  await expect(app).toHaveURL(new RegExp(`^${origin}/login\\?appId=${appId}&`));
  const endUser = uniqueEmail('domain-user');
  const inbox = mailbox(endUser);
  await app.getByLabel('Email').fill(endUser);
  await app.getByLabel('Password', { exact: true }).fill('an end user passphrase');
  await app.getByRole('button', { name: 'Create account' }).click();
  await expect(app).toHaveURL(new RegExp(`^${origin}/auth/verifyEmail`));
  // the link opens on the app's domain, where the session is
  const link = (await inbox.next(SUBJECTS.verify)).meta.url!;
  expect(link.startsWith(`${origin}/auth/handler?`)).toBe(true);
  await app.goto(link);
  await expect(app.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
  await app.getByRole('link', { name: 'Continue' }).click();
  // on its own domain the app keeps clean paths (decision 0016, item 12)
  await expect(app).toHaveURL(new RegExp(`^${origin}/tool/`));
  await expect(app.getByRole('button', { name: `Account: ${endUser}` })).toBeVisible();
  await visitor.close();
});
