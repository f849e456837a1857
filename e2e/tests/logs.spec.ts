import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { signUpVerified } from '../support/auth';
import { LLM_URL, uniqueEmail } from '../support/env';
import { publishedTeaApp, visitorId, visitorRun } from '../support/insights';
import { screenshot } from '../support/screens';

const llm = fakeLlmControl(LLM_URL);

test('a builder reads the logs: a visitor’s thumbs down with its reason, filters, the run view, personal data, CSV', async ({
  page,
  browser,
}) => {
  await llm.reset();
  await signUpVerified(page, uniqueEmail('logs'), 'a long passphrase');
  const { appId, path } = await publishedTeaApp(page);

  // one visitor runs the tool through the API; another on the tool's page, and rates the result down with a reason
  await llm.enqueue({ text: 'Oolong: the calm between two cups.' });
  await visitorRun(appId, path, { topic: 'oolong', email: 'olga@example.com' }, visitorId(1));
  await llm.enqueue({ text: 'Green tea: calm in every cup.' });
  const visitor = await browser.newContext();
  const runPage = await visitor.newPage();
  await runPage.goto(`/app/${appId}/tool/${path}`);
  await runPage.getByLabel('Your input').fill('for a tea shop');
  await runPage.getByLabel('Topic').fill('green tea');
  await runPage.getByLabel('Email').fill('gina@example.com');
  await runPage.getByRole('button', { name: 'Generate' }).click();
  const result = runPage.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Green tea: calm in every cup.')).toBeVisible();
  await result.getByRole('button', { name: 'Bad answer' }).click();
  await runPage.getByLabel(/What went wrong/).fill('Too short');
  await runPage.getByRole('button', { name: 'Send' }).click();
  await expect(result.getByText('Thanks for the feedback')).toBeVisible();
  await expect(result.getByRole('button', { name: 'Bad answer' })).toHaveAttribute('aria-pressed', 'true');
  // the result opened again (its own address, loaded from the server) shows the visitor the thumb they gave
  await expect(runPage).toHaveURL(new RegExp(`/app/${appId}/[^/]+/tool/${path}$`));
  await runPage.reload();
  await expect(result.getByText('Green tea: calm in every cup.')).toBeVisible();
  await expect(result.getByRole('button', { name: 'Bad answer' })).toHaveAttribute('aria-pressed', 'true');
  await screenshot(runPage, 'saved-result-rated-1280');
  await runPage.setViewportSize({ width: 390, height: 844 });
  await screenshot(runPage, 'saved-result-rated-390');
  await runPage.setViewportSize({ width: 1280, height: 800 });

  // the visitor, who has no account, finds what they asked under My history, with the thumb they gave
  await runPage.getByRole('button', { name: 'My history' }).click();
  const history = runPage.getByRole('dialog', { name: 'My history' });
  const entry = history.getByRole('listitem').filter({ hasText: 'Green tea: calm in every cup.' });
  await expect(entry).toContainText('for a tea shop');
  await expect(entry.getByLabel('You rated it not good')).toBeVisible();
  await expect(history.getByRole('button', { name: 'Delete my history' })).toBeVisible();
  await screenshot(runPage, 'my-history-visitor-1280');
  await runPage.setViewportSize({ width: 390, height: 844 });
  await screenshot(runPage, 'my-history-visitor-390');
  await runPage.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await screenshot(runPage, 'my-history-visitor-corner-390');
  await runPage.setViewportSize({ width: 1280, height: 800 });
  await screenshot(runPage, 'my-history-visitor-corner-1280');
  await visitor.close();

  // the builder's logs: both runs, newest first, the email masked
  await page.goto(`/logs/app/${appId}`);
  await expect(page.getByRole('heading', { name: 'Tea slogans' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Logs' });
  const rows = table.getByTestId('log-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('topic: green tea');
  await expect(rows.first()).toContainText('email: ••••••');
  await expect(rows.first().getByLabel('Rated down')).toBeVisible();
  await expect(rows.nth(1)).toContainText('Oolong: the calm between two cups.');

  // filters: thumbs down only, then a search
  await page.getByLabel('Rating').selectOption('down');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Green tea: calm in every cup.');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Search logs' }).fill('oolong');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Oolong');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Source').selectOption('api');
  await expect(page.getByRole('heading', { name: 'No runs match' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(2);

  // the run view: inputs with the personal one hidden, the answer, the rating's reason
  await rows.first().click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByRole('region', { name: 'Rating' })).toContainText('“Too short”');
  await expect(sheet.getByRole('region', { name: 'Inputs' })).toContainText('Personal, hidden');
  await expect(sheet.getByRole('region', { name: 'Answer' })).toContainText('Green tea: calm in every cup.');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // showing personal data reveals the email, and is recorded under Privacy
  await page.getByRole('button', { name: 'Show personal data' }).click();
  await expect(rows.first()).toContainText('email: gina@example.com');
  await expect(page.getByRole('list', { name: 'Personal data shown' })).toContainText('the logs');
  await page.getByRole('button', { name: 'Hide personal data' }).click();
  await expect(rows.first()).toContainText('email: ••••••');

  // CSV of the filtered logs (thumbs down)
  await page.getByLabel('Rating').selectOption('down');
  await expect(rows).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^logs-.+\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain('runId,createdAt,email,who,source,kind,tool');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Green tea: calm in every cup.');
  expect(lines[1]).toContain('Too short');
  expect(csv).not.toContain('gina@example.com');
});
