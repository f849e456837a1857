import { expect, test } from '@playwright/test';
import { adminSetPlan } from '../support/admin';
import { signUpVerified } from '../support/auth';
import { newTool, openPanel } from '../support/builder';
import { NOTION_URL, uniqueEmail } from '../support/env';
import { screenshot } from '../support/screens';

/** Adds a page to the fake Notion workspace the e2e server imports from. */
async function notionPage(title: string, text: string) {
  const res = await fetch(`${NOTION_URL}/__fake/pages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title, blocks: [{ type: 'paragraph', text }] }),
  });
  expect(res.ok).toBe(true);
}

test('a builder connects Notion in a popup, imports a page that syncs live, and disconnects', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Return policy ${Date.now().toString(36)}`;
  await notionPage(title, 'Refunds are accepted within 43 days of purchase.');

  const email = uniqueEmail('notion');
  await signUpVerified(page, email, 'a long passphrase');
  await adminSetPlan(email, 'explorer');
  await page.reload();
  const builder = await newTool(page);
  await openPanel(builder, /Data sources/);
  const list = builder.getByRole('list', { name: 'Data sources' });

  await builder.getByRole('button', { name: 'Add data' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Data Sources' });
  await dialog
    .getByRole('group', { name: 'Kind of data' })
    .getByRole('button', { name: /^Notion & Drive/ })
    .click();
  const notion = dialog.getByRole('region', { name: 'Import from Notion' });
  await expect(notion.getByText('Connect', { exact: false }).first()).toBeVisible();

  // the consent happens in a popup, which reports back to the dialog and closes
  const popupOpened = page.waitForEvent('popup');
  await notion.getByRole('button', { name: 'Connect Notion' }).click();
  const popup = await popupOpened;
  // the consent may be given and the popup gone before a listener is added: waiting then would never end
  if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 30_000 });
  await expect(page.getByText('Notion connected').first()).toBeVisible();
  await expect(notion.getByText('Connected', { exact: true })).toBeVisible();

  const page1 = notion.getByRole('checkbox', { name: new RegExp(title) });
  await expect(page1).toBeVisible();
  await page1.check();
  await screenshot(page, 'dialog-notion-import');
  await notion.getByRole('button', { name: 'Import 1' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('1 item imported from Notion').first()).toBeVisible();

  // the page arrives as a Notion item and turns Synced without a reload
  const item = list.getByRole('listitem', { name: title });
  await expect(item).toContainText('Synced', { timeout: 30_000 });

  // back in the dialog, the imported page is marked and cannot be imported twice; then disconnect
  await builder.getByRole('button', { name: 'Add data' }).first().click();
  await dialog
    .getByRole('group', { name: 'Kind of data' })
    .getByRole('button', { name: /^Notion & Drive/ })
    .click();
  const again = notion.getByRole('checkbox', { name: new RegExp(title) });
  await expect(again).toBeChecked();
  await expect(again).toBeDisabled();
  await page.setViewportSize({ width: 390, height: 844 });
  await notion.getByText('Added', { exact: true }).scrollIntoViewIfNeeded();
  await expect(notion.getByText('Added', { exact: true })).toBeInViewport();
  await screenshot(page, 'dialog-notion-import-mobile');
  await page.setViewportSize({ width: 1280, height: 720 });
  await notion.getByRole('button', { name: 'Disconnect Notion' }).click();
  await expect(page.getByText('Notion disconnected').first()).toBeVisible();
  await expect(notion.getByRole('button', { name: 'Connect Notion' })).toBeVisible();
  // the imported item stays
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(item).toBeVisible();
});
