import { expect, type Page } from '@playwright/test';
import { linkOf, mailbox, SUBJECTS } from './mail';

/** /login → "Create an account" → the form; a new builder lands on the verify-email page. */
export async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/verifyEmail\?/);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
}

/** Opens the newest verification link sent to `email` and continues to where it leads (the main page). */
export async function verifyEmailFromOutbox(page: Page, inbox: ReturnType<typeof mailbox>): Promise<void> {
  const mail = await inbox.next(SUBJECTS.verify);
  await page.goto(linkOf(mail));
  await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
  await expect(page.getByText(inbox.address)).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Sign-up and verification: the builder ends on /home, signed in. */
export async function signUpVerified(page: Page, email: string, password: string, server?: string) {
  const inbox = mailbox(email, server);
  await signUp(page, email, password);
  await verifyEmailFromOutbox(page, inbox);
  return inbox;
}

/** The sign-in form of /login (the page is already there). */
export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** "Sign out" (the sidebar's, or the settings page's) → back on the sign-in page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
}
