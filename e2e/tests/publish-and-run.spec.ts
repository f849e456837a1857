import { expect, test } from '@playwright/test';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { signUpVerified } from '../support/auth';
import { LLM_URL, uniqueEmail } from '../support/env';

// The fake model of playwright.config.ts, scripted over its HTTP control API.
const llm = fakeLlmControl(LLM_URL);

test('a builder publishes an AI tool and an anonymous visitor sees the answer stream in', async ({
  page,
  browser,
}) => {
  await llm.reset();
  const email = uniqueEmail('builder');

  // sign up, then open the verification link from the outbox: the builder lands on /home
  await signUpVerified(page, email, 'a long passphrase');

  // create the tool
  await page.getByRole('button', { name: 'New AI tool' }).first().click();
  await expect(page).toHaveURL(/\/build\/app\/[^/]+\/tool\/[^/]+$/);
  await page.getByLabel('Header').fill('Slogan maker');
  await page.getByLabel('Description').fill('Catchy slogans in seconds.');
  await page.getByRole('button', { name: 'Add field' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Label').fill('Topic');
  await expect(dialog.getByLabel('Name in the prompt')).toHaveValue('topic');
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Prompt').fill('Write one slogan about {{topic}}.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  // activate and publish
  await page.getByRole('button', { name: 'Activate' }).click();
  const activate = page.getByRole('dialog', { name: 'Activate Your Tool' });
  await activate.getByRole('switch').click();
  await expect(activate.getByRole('switch')).toBeChecked();
  const link = await activate.getByLabel('Public link').inputValue();
  expect(link).toMatch(/\/app\/[^/]+\/tool\/tool-[a-z0-9]+$/);
  await activate.getByRole('button', { name: 'Close' }).click();
  await expect(activate).toBeHidden();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  // an anonymous visitor runs it; the answer arrives in pieces
  await llm.enqueue({ chunks: ['Green tea: ', 'calm ', 'in every ', 'cup.'], delayMs: 400 });
  const visitor = await browser.newContext();
  const runPage = await visitor.newPage();
  await runPage.goto(link);
  await expect(runPage.getByRole('heading', { name: 'Slogan maker' })).toBeVisible();
  await runPage.getByLabel('Topic').fill('green tea');
  await runPage.getByRole('button', { name: 'Generate' }).click();
  // part of the answer is on screen while the model is still answering
  await expect(runPage.getByText('Green tea:')).toBeVisible();
  await expect(runPage.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(runPage.getByText('Green tea: calm in every cup.')).toBeVisible();
  await expect(runPage.getByRole('button', { name: 'Generate' })).toBeVisible();

  // the model was asked with the visitor's input in the builder's prompt
  const requests = await llm.requests();
  const chat = requests.find((r) => r.path === '/v1/chat/completions');
  expect(JSON.stringify(chat?.body)).toContain('Write one slogan about green tea.');
  await visitor.close();
});
