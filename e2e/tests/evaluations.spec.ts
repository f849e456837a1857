import { expect, test } from '@playwright/test';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { signUpVerified } from '../support/auth';
import { newTool, openPanel, saveStatus } from '../support/builder';
import { LLM_URL, uniqueEmail } from '../support/env';

// The fake model of playwright.config.ts, scripted over its HTTP control API.
const llm = fakeLlmControl(LLM_URL);

test('a builder evaluates a tool, comparing two models side by side', async ({ page }) => {
  await llm.reset();
  await signUpVerified(page, uniqueEmail('evals'), 'a long passphrase');
  const builder = await newTool(page);
  await openPanel(builder, /Results layout/);
  await builder.getByLabel('Prompt', { exact: true }).fill('Write one slogan about {{input}}.');
  await expect(saveStatus(builder)).toHaveText('Saving...');
  await builder.getByRole('button', { name: 'Done' }).click();
  await expect(saveStatus(builder)).toHaveText('Not published');

  // the tool editor links to the tool's evaluation
  await builder.getByRole('link', { name: 'Evaluate' }).click();
  await expect(page).toHaveURL(/\/evaluations\/app\/[^/]+\/[^/]+$/);
  await expect(page.getByRole('heading', { name: /^Evaluate / })).toBeVisible();
  await expect(page.getByText('No test cases yet')).toBeVisible();
  await expect(page.getByText('Add a test case first')).toBeVisible();

  // one case: its input, a plain check and a judged one
  await page.getByRole('button', { name: 'Add a case' }).click();
  const card = page.getByRole('region', { name: 'Case 1' });
  await card.getByLabel('Case 1: name').fill('Green tea');
  const greenTea = page.getByRole('region', { name: 'Green tea' });
  await greenTea.getByRole('textbox').nth(1).fill('green tea');
  await greenTea.getByLabel('Case 1 expectation 1: contains').fill('tea');
  await greenTea.getByRole('button', { name: 'Add expectation' }).click();
  await greenTea.getByLabel('Case 1 expectation 2: kind').selectOption('judge');
  await greenTea.getByLabel('Case 1 expectation 2: what the judge checks').fill('It is one short slogan');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save cases' }).click();
  await expect(page.getByText('Unsaved changes')).toBeHidden();

  // side by side: the app's model (A) against gpt-4o (B)
  await page.getByRole('switch', { name: 'Compare side by side' }).click();
  await page.getByLabel('Model of B').selectOption('gpt-4o');
  await expect(page.getByLabel('Judge model')).toBeVisible();

  // each answer, then its judge, one after the other; the first waits until the test lets it through
  await llm.enqueue([
    { text: 'Green tea: calm in every cup.', hold: 'first', holdAfter: 0 },
    { text: '{"passed": true, "reason": "One short slogan."}' },
    { text: 'Coffee: wake up and win.' },
    { text: '{"passed": true, "reason": "A short slogan."}' },
  ]);
  await page.getByRole('button', { name: 'Run side by side' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Running the cases' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Running…' })).toBeDisabled();
  await llm.release('first');

  await expect(page.getByLabel('Pass rate of A')).toHaveText('100%');
  await expect(page.getByLabel('Pass rate of B')).toHaveText('0%');
  await expect(page.getByTestId('variant-A')).toContainText('gpt-4o-mini');
  await expect(page.getByTestId('variant-B')).toContainText('gpt-4o');
  const results = page.getByRole('list', { name: 'Case results' });
  await expect(results.getByText('Green tea: calm in every cup.')).toBeVisible();
  await expect(results.getByText('Coffee: wake up and win.')).toBeVisible();
  await expect(results.getByText(': The answer does not contain "tea"')).toBeVisible();
  await expect(results.getByText(': One short slogan.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run side by side' })).toBeEnabled();
  await expect(page.getByRole('region', { name: 'Runs' }).getByRole('button')).toHaveCount(1);

  // the models asked: A's answer, the judge (the operator's default), B's answer, the judge
  const asked = (await llm.requests())
    .filter((r) => r.path === '/v1/chat/completions')
    .map((r) => (r.body as { model: string }).model);
  expect(asked).toEqual(['gpt-4o-mini', 'gpt-4o-mini', 'gpt-4o', 'gpt-4o-mini']);
  const first = (await llm.requests()).find((r) => r.path === '/v1/chat/completions')!;
  expect(JSON.stringify(first.body)).toContain('Write one slogan about green tea.');

  // the run is kept: a reload shows it again
  await page.reload();
  await expect(page.getByLabel('Pass rate of B')).toHaveText('0%');
});
