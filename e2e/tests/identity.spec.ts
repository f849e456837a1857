import { expect, test } from '@playwright/test';
import { signOut, signInWithPassword, signUp, verifyEmailFromOutbox } from '../support/auth';
import { uniqueEmail } from '../support/env';
import { linkOf, mailbox, SUBJECTS } from '../support/mail';
import { screenshot } from '../support/screens';
import { expectToast } from '../support/toast';

// One builder, every way in: the messages asserted are the spec's (spec 000 §5, packages/domain authMessages and
// errorCatalogue), written out here so a changed wording fails the test.
test('a builder signs up, verifies, changes email and signs in with a password, a link, a code and a reset password', async ({
  page,
}) => {
  const firstEmail = uniqueEmail('journey');
  const newEmail = uniqueEmail('journey-moved');
  const password = 'a long passphrase';
  const newPassword = 'an even longer passphrase';
  const firstInbox = mailbox(firstEmail);
  const inbox = mailbox(newEmail);

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await screenshot(page, 'login-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'login-375');
  await page.setViewportSize({ width: 1280, height: 720 });

  // sign up: the new builder is asked to verify the address, and opens the emailed link
  await signUp(page, firstEmail, password);
  await expect(page.getByText(`We sent a verification link to ${firstEmail}.`)).toBeVisible();
  await screenshot(page, 'verify-email');
  await verifyEmailFromOutbox(page, firstInbox);

  // sign out, sign in again with email + password
  await signOut(page);
  await signInWithPassword(page, firstEmail, password);

  // settings: change the email with the current password
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByText(firstEmail)).toBeVisible();
  await expect(account.getByText('Verified')).toBeVisible();
  await screenshot(page, 'settings');
  const emailCard = page.getByRole('region', { name: 'Email' });
  await emailCard.getByLabel('New email').fill(newEmail);
  await emailCard.getByLabel('Current password').fill(password);
  await emailCard.getByRole('button', { name: 'Update email' }).click();
  await expectToast(page, `Check ${newEmail}`);
  // nothing changes until the link sent to the new address is opened; then every session ends, the old address
  // is told (with a link that undoes the change) and the builder signs in with the new one
  await page.goto(linkOf(await inbox.next(SUBJECTS.confirmEmailChange)));
  await expect(page.getByRole('heading', { name: 'Email updated' })).toBeVisible();
  await firstInbox.next(SUBJECTS.emailChanged);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInWithPassword(page, newEmail, password);
  await signOut(page);

  // the magic link: asked for on /login, opened from the email
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with email' })).toBeVisible();
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox.' })).toContainText(newEmail);
  const linkMail = await inbox.next(SUBJECTS.magicLink);
  await page.goto(linkOf(linkMail));
  await expectToast(page, 'Successfully signed in!');
  await expect(page).toHaveURL(/\/home$/);
  await signOut(page);

  // the one-time code of the same kind of email: a wrong code is refused, the right one signs in
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const codeField = page.getByLabel('6-digit code');
  await expect(codeField).toBeVisible();
  await screenshot(page, 'otp-entry');
  const { code } = (await inbox.next(SUBJECTS.magicLink)).meta;
  expect(code).toMatch(/^\d{6}$/);
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in with code' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This code is invalid or has expired' }),
  ).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);
  await codeField.fill(code!);
  await page.getByRole('button', { name: 'Sign in with code' }).click();
  await expectToast(page, 'Successfully signed in!');
  await expect(page).toHaveURL(/\/home$/);
  await signOut(page);

  // forgot password: the reset link, a new password, then sign in with it
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists for' })).toContainText(
    newEmail,
  );
  const resetMail = await inbox.next(SUBJECTS.reset);
  await page.goto(linkOf(resetMail));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expectToast(page, 'Password reset successfully');
  await expect(page).toHaveURL(/\/login$/);
  await signInWithPassword(page, newEmail, newPassword);
});
