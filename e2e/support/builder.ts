import { expect, type Locator, type Page } from '@playwright/test';

/** The builder's side panel. */
export const builderPanel = (page: Page) => page.getByRole('complementary', { name: 'Builder' });

/** The save status line: 'Saving...', 'Published' or 'Not published' (the drag-and-drop announcer is another). */
export const saveStatus = (builder: Locator) => builder.locator('[role="status"][aria-live="polite"]');

/** Opens a panel from the builder's main menu. */
export async function openPanel(builder: Locator, entry: RegExp): Promise<void> {
  await builder
    .getByRole('navigation', { name: 'Builder menu' })
    .getByRole('button', { name: entry })
    .click();
}

/** Creates a tool from the home page; the workspace opens on it. Answers the builder's side panel. */
export async function newTool(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New AI tool' }).first().click();
  await expect(page).toHaveURL(/\/build\/app\/[^/]+\/tool\/[^/]+$/);
  return builderPanel(page);
}

/**
 * Activates the open tool (the Activate Your Tool dialog) and publishes its app, from the builder's side panel.
 * Answers the tool's public link.
 */
export async function activateAndPublish(page: Page, builder: Locator): Promise<string> {
  await builder.getByRole('button', { name: 'Activate' }).click();
  const activate = page.getByRole('dialog', { name: 'Activate Your Tool' });
  await activate.getByRole('switch').click();
  await expect(activate.getByRole('switch')).toBeChecked();
  const link = await activate.getByLabel('Public link').inputValue();
  await activate.getByRole('button', { name: 'Close' }).click();
  await builder.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(saveStatus(builder)).toHaveText('Published');
  return link;
}

/** Creates a space app from the dashboard ("New" → "Space app"); the workspace opens on it, chat first. */
export async function newSpaceApp(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('menuitem', { name: /Space app/ }).click();
  await expect(page).toHaveURL(/\/build\/app\/[^/]+$/);
  await expect(page.getByRole('region', { name: 'App Chat' })).toBeVisible();
  return page.url().split('/').pop()!;
}

/** The signed-in builder's id token, for calls to the API beside the UI. */
export async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'buildai_token');
  if (!cookie) throw new Error('not signed in');
  return cookie.value;
}

/**
 * Opens the issues panel when it shows as its pill. The pill also opens into the panel by itself when the count
 * changes while it is a pill (spec 001 §4): that can happen between the look and the click, and a click would then
 * wait for a pill that is gone until the test's time ran out. It gives up after a second instead; the caller checks
 * the panel either way.
 */
export async function openIssuesPill(pill: Locator): Promise<void> {
  if (await pill.isVisible()) await pill.click({ timeout: 1_000 }).catch(() => undefined);
}
