import { expect, test, type Page } from '@playwright/test';
import { adminIdToken } from '../support/admin';
import { builderPanel, openPanel, saveStatus } from '../support/builder';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, uniqueEmail } from '../support/env';
import { signUpVerified } from '../support/auth';
import { linkOf, mailbox, SUBJECTS } from '../support/mail';
import { screenshot } from '../support/screens';
import { expectToast } from '../support/toast';

async function api(path: string, token: string, init: { method?: string; json?: unknown } = {}) {
  const response = await fetch(`${BASE_URL}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  expect([200, 201, 204], `${init.method ?? 'GET'} ${path}`).toContain(response.status);
  return (await response.json()) as Record<string, unknown>;
}

/** The admin signs in in the browser; the first time, they verify their email with the link they were sent. */
async function signInAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$|\/auth\/verifyEmail/);
  if (/\/auth\/verifyEmail/.test(page.url())) {
    await page.goto(linkOf(await mailbox(ADMIN_EMAIL).next(SUBJECTS.verify)));
    await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue' }).click();
  }
  await expect(page).toHaveURL(/\/home$/);
}

test('an admin hands an app to a customer, who claims it by invite link and code', async ({ browser }) => {
  test.setTimeout(120_000);
  // the admin's app: one active tool, not yet published
  const token = await adminIdToken();
  const header = `Slogans for ${Date.now().toString(36)}`;
  const created = await api('/api/apps/new', token, { method: 'POST', json: { kind: 'tool' } });
  const appId = created.appId as string;
  await api('/api/apps', token, {
    method: 'POST',
    json: {
      appType: 'tool',
      appId,
      app: { header, gptPrompt: 'Write a slogan about {{input}}.', appBuilderVersion: 4 },
    },
  });
  await api(`/api/apps/${appId}/tools/${created.toolId as string}/status`, token, {
    method: 'POST',
    json: { status: 'active' },
  });

  const adminContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  await admin.goto(`/build/app/${appId}`);
  const builder = builderPanel(admin);
  await openPanel(builder, /settings/);
  await builder.getByRole('switch', { name: 'Claimable' }).click();
  await expect(builder.getByRole('switch', { name: 'Claimable' })).toBeChecked();
  // unpublished: the button looks disabled (aria-disabled) but says why when pressed
  const copyInvite = builder.getByRole('button', { name: 'Copy invite link' });
  await expect(copyInvite).toHaveAttribute('aria-disabled', 'true');
  // (enabled once the switch is saved)
  await expect.poll(() => copyInvite.evaluate((b) => (b as HTMLButtonElement).disabled)).toBe(false);
  await copyInvite.click({ force: true });
  await expectToast(admin, "You can't copy invite link until you publish your app");

  await builder.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(saveStatus(builder)).toHaveText('Published');
  await copyInvite.click();
  await expectToast(admin, 'Copied invite to clipboard');
  const copied = await admin.evaluate(() => navigator.clipboard.readText());
  const [invited, inviteLink, withCode] = copied.split('\n');
  expect(invited).toBe("You're invited to claim your app");
  expect(inviteLink).toMatch(new RegExp(`^${BASE_URL}/claim/[A-Za-z0-9]+$`));
  expect(withCode).toMatch(/^with code [A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
  expect(copied.split('\n')).toHaveLength(3);
  const code = withCode!.slice('with code '.length);
  await builder.getByRole('heading', { name: 'App claim' }).scrollIntoViewIfNeeded();
  await screenshot(admin, 'claim-settings-section');

  // the customer opens the link, signs up as a builder and comes back
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const email = uniqueEmail('customer');
  const inbox = mailbox(email);
  await customer.goto(inviteLink!);
  await expect(customer.getByRole('heading', { name: `Claim ${header}` })).toBeVisible();
  await screenshot(customer, 'claim-page-signed-out');
  await customer.getByRole('link', { name: 'Create an account' }).click();
  await expect(customer.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await customer.getByLabel('Email').fill(email);
  await customer.getByLabel('Password', { exact: true }).fill('a long customer passphrase');
  await customer.getByRole('button', { name: 'Create account' }).click();
  await expect(customer.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await customer.goto(linkOf(await inbox.next(SUBJECTS.verify)));
  await expect(customer.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
  await customer.getByRole('link', { name: 'Continue' }).click();
  await expect(customer).toHaveURL(inviteLink!);
  await expect(customer.getByText(`Signed in as ${email}`)).toBeVisible();

  // a wrong code, then the right one
  await customer.getByLabel('Claim code').fill('AAAA-AAAA');
  await customer.getByRole('button', { name: 'Claim app' }).click();
  await expect(customer.getByRole('alert')).toHaveText('This code is not correct. 2 attempts left.');
  await screenshot(customer, 'claim-page-wrong-code');
  await customer.getByLabel('Claim code').fill(code);
  await customer.getByRole('button', { name: 'Claim app' }).click();
  await expect(customer).toHaveURL(new RegExp(`/build/app/${appId}(/tool/[^/]+)?$`));
  await expect(saveStatus(builderPanel(customer))).toHaveText('Published');
  await customer.goto('/home');
  // on the dashboard and in the sidebar's list of apps
  await expect(customer.getByRole('link', { name: new RegExp(header) })).toHaveCount(2);

  // the admin's list no longer has it
  await admin.goto('/home');
  await expect(admin.getByRole('heading', { name: 'Your apps' })).toBeVisible();
  await expect(admin.getByRole('link', { name: new RegExp(header) })).toHaveCount(0);

  // the new owner invites the builder back as a collaborator; they join once they accept the mailed invitation
  await customer.goto(`/build/app/${appId}`);
  const owned = builderPanel(customer);
  await openPanel(owned, /settings/);
  const adminInbox = mailbox(ADMIN_EMAIL);
  await owned.getByLabel('Collaborator email').fill(ADMIN_EMAIL);
  await owned.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(owned.getByRole('status').filter({ hasText: 'Invitation sent' })).toHaveText(
    `Invitation sent to ${ADMIN_EMAIL}. They join once they accept it, signed in with that address.`,
  );
  const collaborators = owned.getByRole('list', { name: 'Collaborators' });
  await expect(collaborators.getByRole('listitem')).toHaveText([`${email}Owner`]);
  const invitation = await adminInbox.next(SUBJECTS.collaboratorInvite);
  await admin.goto(invitation.meta.url!);
  await expect(admin.getByRole('heading', { name: 'Edit an app together' })).toBeVisible();
  await screenshot(admin, 'collaborate-invitation');
  await admin.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(admin).toHaveURL(new RegExp(`/build/app/${appId}`));
  await customer.reload();
  await openPanel(owned, /settings/);
  await expect(collaborators.getByRole('listitem')).toHaveText([`${email}Owner`, ADMIN_EMAIL]);
  await owned.getByRole('heading', { name: 'Collaborators' }).scrollIntoViewIfNeeded();
  await screenshot(customer, 'collaborators-section');
  await admin.goto('/home');
  await expect(admin.getByRole('link', { name: new RegExp(`${header}.*Shared with you`) })).toBeVisible();
});

test('an admin lists an app as a template and another builder starts from a copy', async ({ browser }) => {
  test.setTimeout(120_000);
  const token = await adminIdToken();
  const header = `Template ${Date.now().toString(36)}`;
  const created = await api('/api/apps/new', token, { method: 'POST', json: { kind: 'tool' } });
  const appId = created.appId as string;
  await api('/api/apps', token, {
    method: 'POST',
    json: {
      appType: 'tool',
      appId,
      app: {
        header,
        description: 'Slogans in one click',
        gptPrompt: 'Write a slogan about {{input}}.',
        appBuilderVersion: 4,
      },
    },
  });
  await api(`/api/apps/${appId}/tools/${created.toolId as string}/status`, token, {
    method: 'POST',
    json: { status: 'active' },
  });
  await api(`/api/apps/${appId}/publish`, token, { method: 'POST' });

  const admin = await (await browser.newContext()).newPage();
  await signInAdmin(admin);
  await admin.goto(`/build/app/${appId}`);
  const panel = builderPanel(admin);
  await openPanel(panel, /settings/);
  await panel.getByRole('switch', { name: 'List as an app template' }).click();
  await expect
    .poll(
      async () =>
        ((await api(`/api/apps/${appId}`, token)).appSettings as { isAppTemplate: boolean }).isAppTemplate,
    )
    .toBe(true);

  // another builder finds it on the dashboard and copies it
  const other = await (await browser.newContext()).newPage();
  await signUpVerified(other, uniqueEmail('templater'), 'a long templater passphrase');
  await other.getByRole('button', { name: 'Start from a template' }).first().click();
  const dialog = other.getByRole('dialog', { name: 'Start from a template' });
  await expect(dialog.getByRole('heading', { name: header })).toBeVisible();
  await screenshot(other, 'app-templates-dialog');
  await dialog.getByRole('button', { name: `Use template ${header}` }).click();
  await expect(other).toHaveURL(/\/build\/app\/[^/]+\/tool\/[^/]+$/);
  expect(other.url()).not.toContain(appId);
  const copy = builderPanel(other);
  await expect(saveStatus(copy)).toHaveText('Not published');
  await expect(copy.getByText(header).first()).toBeVisible();
});
