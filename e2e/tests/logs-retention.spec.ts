import { expect, test } from '@playwright/test';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { signUpVerified } from '../support/auth';
import { BASE_URL, LLM_URL, uniqueEmail } from '../support/env';
import { publishedTeaApp, visitorId, visitorRun } from '../support/insights';

const llm = fakeLlmControl(LLM_URL);

test('a retention of 30 days erases the runs once the clock is 31 days on', async ({ page }) => {
  await llm.reset();
  await signUpVerified(page, uniqueEmail('retention'), 'a long passphrase');
  const { appId, path } = await publishedTeaApp(page);
  await llm.enqueue({ text: 'Sencha: sunshine in a cup.' });
  await visitorRun(appId, path, { topic: 'sencha' }, visitorId(2));

  await page.goto(`/logs/app/${appId}`);
  const rows = page.getByRole('table', { name: 'Logs' }).getByTestId('log-row');
  await expect(rows).toHaveCount(1);

  // the builder keeps logs 30 days; a bad value is refused on the spot
  const privacy = page.getByRole('region', { name: 'Privacy' });
  await privacy.getByLabel('Keep logs for (days)').fill('0');
  await expect(privacy.getByText('Keep logs 1 to 3650 days')).toBeVisible();
  await expect(privacy.getByRole('button', { name: 'Save privacy' })).toBeDisabled();
  await privacy.getByLabel('Keep logs for (days)').fill('30');
  await privacy.getByRole('button', { name: 'Save privacy' }).click();
  await expect(privacy.getByRole('status')).toHaveText('Saved');
  // a run of today is within the 30 days
  await expect(rows).toHaveCount(1);

  // the server's clock moves 31 days on (outside production only), which runs the retention round
  const moved = await page.request.post(`${BASE_URL}/api/dev/clock`, { data: { advanceDays: 31 } });
  expect(moved.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No runs yet' })).toBeVisible();
  // the analytics still count the erased run
  const analytics = await page.request.get(`${BASE_URL}/api/apps/${appId}/analytics`, {
    headers: {
      Authorization: `Bearer ${(await page.context().cookies()).find((c) => c.name === 'buildai_token')!.value}`,
    },
  });
  expect(((await analytics.json()) as { totals: { runs: number } }).totals.runs).toBe(1);
});
