import { expect, test } from '@playwright/test';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { signUpVerified } from '../support/auth';
import { activateAndPublish, openPanel, saveStatus } from '../support/builder';
import { BASE_URL, LLM_URL, uniqueEmail } from '../support/env';
import { expectToast } from '../support/toast';

const llm = fakeLlmControl(LLM_URL);

test('a builder creates an API key, runs a tool with it, sees the run by source, and revokes it', async ({
  page,
}) => {
  await llm.reset();
  await signUpVerified(page, uniqueEmail('api-keys'), 'a long passphrase');
  await page.getByRole('button', { name: 'New AI tool' }).first().click();
  await expect(page).toHaveURL(/\/build\/app\/[^/]+\/tool\/[^/]+$/);
  const appId = new URL(page.url()).pathname.split('/')[3]!;
  const builder = page.getByRole('complementary', { name: 'Builder' });

  await openPanel(builder, /Tool texts/);
  await builder.getByLabel('Header', { exact: true }).fill('Slogan maker');
  await builder.getByRole('button', { name: 'Done' }).click();
  await openPanel(builder, /Results layout/);
  await builder.getByLabel('Prompt', { exact: true }).fill('Write one slogan about {{input}}.');
  await builder.getByRole('button', { name: 'Done' }).click();
  await expect(saveStatus(builder)).toHaveText('Not published');
  const link = await activateAndPublish(page, builder);
  const toolPath = link.split('/tool/')[1]!;

  // API access, in the settings: create a key, shown once with a curl example of this tool
  await openPanel(builder, /Tool settings/);
  const access = builder.getByRole('region', { name: 'API access' });
  await expect(access.getByText(/No API keys yet/)).toBeVisible();
  await access.getByLabel('Key name').fill('Backend');
  await access.getByRole('button', { name: 'Create key' }).click();
  const created = page.getByRole('dialog', { name: /Your API key “Backend”/ });
  const key = (await created.getByTestId('api-key-value').textContent())!;
  expect(key).toMatch(/^bai_sk_[A-Za-z0-9_-]{43}$/);
  await expect(created.getByTestId('api-key-curl')).toContainText(
    `${BASE_URL}/api/v1/apps/${appId}/tools/${toolPath}/run`,
  );
  await expect(created.getByTestId('api-key-curl')).toContainText(`Bearer ${key}`);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();
  const list = access.getByRole('list', { name: 'API keys' });
  await expect(list.getByText('Backend')).toBeVisible();
  await expect(list.getByText('Never used')).toBeVisible();
  // the key itself is nowhere on the page any more
  expect(await page.content()).not.toContain(key);

  // the key runs the tool
  await llm.enqueue({ chunks: ['Green tea: ', 'calm in every cup.'] });
  const run = await page.request.post(`${BASE_URL}/api/v1/apps/${appId}/tools/${toolPath}/run`, {
    headers: { Authorization: `Bearer ${key}` },
    data: { inputs: { input: 'green tea' } },
  });
  expect(run.status()).toBe(200);
  expect((await run.json()) as { output: string }).toMatchObject({ output: 'Green tea: calm in every cup.' });

  // the list says it was used; the analytics count the run under API
  await page.reload();
  await openPanel(builder, /Tool settings/);
  await expect(access.getByRole('list', { name: 'API keys' }).getByText(/Last used/)).toBeVisible();
  await page.goto(`/analytics/app/${appId}`);
  const sources = page.getByRole('list', { name: 'Runs by source' });
  await expect(sources.getByRole('listitem', { name: 'API' }).getByTestId('source-runs')).toHaveText('1');

  // revoking asks first, then the key stops working at once
  await page.goto(`/build/app/${appId}`);
  await openPanel(builder, /Tool settings/);
  await access.getByRole('button', { name: 'Revoke Backend' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke “Backend”?' });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expectToast(page, 'API key revoked');
  await expect(access.getByText(/No API keys yet/)).toBeVisible();
  const refused = await page.request.post(`${BASE_URL}/api/v1/apps/${appId}/tools/${toolPath}/run`, {
    headers: { Authorization: `Bearer ${key}` },
    data: { inputs: { input: 'green tea' } },
  });
  expect(refused.status()).toBe(401);
});
