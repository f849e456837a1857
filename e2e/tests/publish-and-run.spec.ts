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

  // create the tool: the workspace opens on it
  await page.getByRole('button', { name: 'New AI tool' }).first().click();
  await expect(page).toHaveURL(/\/build\/app\/[^/]+\/tool\/[^/]+$/);
  const builder = page.getByRole('complementary', { name: 'Builder' });
  const status = builder.getByRole('status');
  await expect(status).toHaveText('Not published');

  // texts: header, subheader and the main input's label
  await builder.getByRole('button', { name: /Tool texts/ }).click();
  await builder.getByLabel('Header', { exact: true }).fill('Slogan maker');
  await builder.getByLabel('Subheader', { exact: true }).fill('Catchy slogans in seconds.');
  await builder.getByLabel('Input Label', { exact: true }).fill('Topic');
  // the live preview follows as the builder types
  await expect(
    page.getByRole('region', { name: 'Live preview' }).getByRole('heading', { name: 'Slogan maker' }),
  ).toBeVisible();
  await builder.getByRole('button', { name: 'Done' }).click();

  // the prompt, in Results layout; the whole answer is one block
  await builder.getByRole('button', { name: /Results layout/ }).click();
  await builder.getByLabel('Prompt', { exact: true }).fill('Write one slogan about {{input}}.');
  // autosave: 'Saving...' while the changes wait (2 s after the last one), then saved
  await expect(status).toHaveText('Saving...');
  await expect(
    builder.getByRole('region', { name: 'Result blocks' }).getByText('Answer', { exact: true }),
  ).toBeVisible();
  await builder.getByRole('button', { name: 'Done' }).click();
  await expect(status).toHaveText('Not published');
  await expect(builder.getByRole('button', { name: 'Publish to access analytics' })).toBeVisible();

  // activate and publish
  await builder.getByRole('button', { name: 'Activate' }).click();
  const activate = page.getByRole('dialog', { name: 'Activate Your Tool' });
  await activate.getByRole('switch').click();
  await expect(activate.getByRole('switch')).toBeChecked();
  const link = await activate.getByLabel('Public link').inputValue();
  expect(link).toMatch(/\/app\/[^/]+\/tool\/tool-[a-z0-9]+$/);
  await activate.getByRole('button', { name: 'Close' }).click();
  await expect(activate).toBeHidden();
  await builder.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(status).toHaveText('Published');
  await expect(builder.getByRole('link', { name: 'App analytics' })).toBeVisible();

  // an anonymous visitor runs it; the answer arrives in pieces
  await llm.enqueue({ chunks: ['Green tea: ', 'calm ', 'in every ', 'cup.'], hold: 'slogan' });
  const visitor = await browser.newContext();
  const runPage = await visitor.newPage();
  await runPage.goto(link);
  await expect(runPage.getByRole('heading', { name: 'Slogan maker' })).toBeVisible();
  await runPage.getByLabel('Topic').fill('green tea');
  await runPage.getByRole('button', { name: 'Generate' }).click();
  // part of the answer is on screen while the model is still answering
  await expect(runPage.getByText('Green tea:')).toBeVisible();
  await expect(runPage.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(runPage.getByText('Green tea: calm in every cup.')).toHaveCount(0);
  await llm.release('slogan');
  await expect(runPage.getByText('Green tea: calm in every cup.')).toBeVisible();
  await expect(runPage.getByRole('button', { name: 'Generate' })).toBeVisible();

  // the model was asked with the visitor's input in the builder's prompt
  const requests = await llm.requests();
  const chat = requests.find((r) => r.path === '/v1/chat/completions');
  expect(JSON.stringify(chat?.body)).toContain('Write one slogan about green tea.');
  await visitor.close();
});
