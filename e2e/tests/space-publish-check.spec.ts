import { expect, test } from '@playwright/test';
import { publishCheckTexts } from '../../packages/domain/src/publish-check';
import { signUpVerified } from '../support/auth';
import { newSpaceApp, tokenOf } from '../support/builder';
import { BASE_URL } from '../support/env';
import { screenshot } from '../support/screens';

// The publish check (issue 30, decision 0013): Publish first tries every entity through the data API as a visitor,
// a signed-up user and another user; an entity of personal data anyone can read makes it ask, listing the finding.
test('Publish asks when anyone can read personal data, lists the finding, and publishes on confirmation', async ({
  page: p,
}) => {
  test.setTimeout(120_000);
  await signUpVerified(p, `checker-${Date.now()}@example.com`, 'a long passphrase');
  const appId = await newSpaceApp(p);
  const headers = { authorization: `Bearer ${await tokenOf(p)}` };
  const entity = (read: string) => ({
    schema: {
      properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } },
      required: ['email'],
      'x-accessControl': { permissions: { read, write: 'creator' } },
    },
  });
  const api = (path: string) => `${BASE_URL}/api/apps/${appId}/entities${path}`;
  expect((await p.request.put(api('/Contact'), { headers, data: entity('anonymous') })).status()).toBe(201);

  await p.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = p.getByRole('alertdialog', { name: publishCheckTexts.title });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(
    dialog.getByText('Anyone, without signing in, can read every Contact record, including name, email'),
  ).toBeVisible();
  // who can do what: a visitor reads, a signed-up user works on their own records only
  const table = dialog.getByRole('table', { name: 'Contact access' });
  await expect(table.getByRole('row', { name: /^Anyone/ })).toHaveText(/AnyoneYesNoNoNo/);
  await expect(table.getByRole('row', { name: /^Another user/ })).toHaveText(/Another userYesYesNoNo/);
  await screenshot(p, 'space-publish-check-1280');
  await p.setViewportSize({ width: 390, height: 844 });
  await screenshot(p, 'space-publish-check-390');
  await p.setViewportSize({ width: 1280, height: 800 });

  // nothing was published yet; Cancel keeps it so
  await dialog.getByRole('button', { name: publishCheckTexts.cancel }).click();
  await expect(dialog).toBeHidden();
  await expect(p.getByRole('button', { name: 'Live link' })).toHaveCount(0);

  await p.getByRole('button', { name: 'Publish', exact: true }).click();
  await dialog.getByRole('button', { name: publishCheckTexts.confirm }).click();
  await expect(p.getByRole('textbox', { name: 'Live link' })).toHaveValue(new RegExp(`/app/${appId}$`));

  // the check left nothing in the app's data: no records, no end users
  for (const name of ['Contact', 'User']) {
    const list = await p.request.get(api(`/${name}/records`), { headers });
    expect(((await list.json()) as { records: unknown[] }).records).toEqual([]);
  }

  // only its creator reads a contact now: Publish publishes at once, as before
  await p.keyboard.press('Escape');
  expect((await p.request.put(api('/Contact'), { headers, data: entity('creator') })).status()).toBe(200);
  await p.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(p.getByRole('textbox', { name: 'Live link' })).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveCount(0);
});
