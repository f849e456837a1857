import { expect, test } from '@playwright/test';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { spaceTexts } from '../../packages/domain/src/space-apps';
import { adminSetPlan } from '../support/admin';
import { signUpVerified } from '../support/auth';
import { builderPanel, openPanel, saveStatus } from '../support/builder';
import { LLM_URL, uniqueEmail } from '../support/env';
import { screenshot } from '../support/screens';

// A generated app written through its App Chat (issue 29, decision 0015): the fake model of playwright.config.ts
// calls the tool actions, the tools appear in the app's home preview, a turn is reverted, and a published tool runs.
const llm = fakeLlmControl(LLM_URL);

const SENTENCE =
  'An app for estate agents: a listing writer, a buyer-email drafter and an open-house social post';

const LISTING = {
  title: 'Listing writer',
  header: 'Write a listing',
  description: 'A property listing from a few facts.',
  isInputHidden: true,
  fields: [
    { name: 'address', label: 'Address', type: 'text', required: true },
    { name: 'rooms', label: 'Rooms', type: 'text', required: true },
    { name: 'tone', label: 'Tone', type: 'select', options: ['Warm', 'Luxury'] },
  ],
  prompt: 'Write a listing for {{address}} with {{rooms}} rooms in a {{tone}} tone.',
  examples: [],
  ctaMessage: 'Want more leads?',
  ctaButton: 'Book a call',
  ctaLink: 'https://example.com/book',
};
const BUYER = {
  title: 'Buyer email',
  header: 'Email a buyer',
  description: 'A warm follow-up after a viewing.',
  fields: [
    { name: 'buyer', label: 'Buyer name', type: 'text', required: true },
    { name: 'notes', label: 'Viewing notes', type: 'long_text' },
  ],
  prompt: 'Draft an email to {{buyer}}. Notes: {{notes}}. {{input}}',
};
const SOCIAL = {
  title: 'Open house post',
  header: 'Open house post',
  description: 'An Instagram post for your open house.',
  fields: [{ name: 'date', label: 'Date and time', type: 'text', required: true }],
  prompt: 'Write a post for an open house on {{date}} about {{input}}.',
};

test('a builder describes an app in one sentence, watches its tools appear, reverts a turn and publishes; a visitor runs a tool', async ({
  page: p,
  browser,
}) => {
  test.setTimeout(180_000);
  await llm.reset();
  const email = uniqueEmail('generated');
  await signUpVerified(p, email, 'a long passphrase');
  await adminSetPlan(email, 'explorer');
  await p.reload();

  // one sentence on the home page starts the app; the first turn names it and writes three tools
  await llm.enqueue([
    {
      text: 'Building your estate agent kit.',
      toolCalls: [
        {
          name: 'edit_app',
          arguments: { header: 'Estate agent kit', subheader: 'Listings, emails and posts' },
        },
        { name: 'add_tool', arguments: LISTING, argumentChunks: 6 },
        { name: 'add_tool', arguments: BUYER },
        { name: 'add_tool', arguments: SOCIAL },
      ],
      delayMs: 300,
    },
    { text: 'Your app has three tools: a listing writer, a buyer email and an open house post.' },
  ]);
  await p.getByRole('radio', { name: 'AI tools' }).click();
  await p.getByLabel('Describe the app you want').fill(SENTENCE);
  await screenshot(p, 'generated-app-home-prompt');
  await p.getByRole('button', { name: 'Build the app' }).click();
  await expect(p).toHaveURL(/\/build\/app\/[^/]+$/);
  const appId = p.url().split('/').pop()!;
  const chat = p.getByRole('region', { name: 'App Chat' });
  const preview = p.getByRole('region', { name: 'Live preview' });
  await expect(chat.getByText(SENTENCE, { exact: true })).toBeVisible();
  await expect(chat.getByText('Add tool Listing writer')).toBeVisible({ timeout: 20_000 });
  await expect(chat.getByText(/Your app has three tools/)).toBeVisible({ timeout: 30_000 });
  const tools = preview.getByRole('list', { name: 'Tools' });
  await expect(tools.getByRole('button')).toHaveCount(3, { timeout: 20_000 });
  await expect(preview.getByRole('heading', { name: 'Estate agent kit' })).toBeVisible();
  await screenshot(p, 'generated-app-first-turn');

  // a tool opens in the preview as its users will see it
  await tools.getByRole('button', { name: /Write a listing/ }).click();
  await expect(preview.getByRole('heading', { name: 'Write a listing' })).toBeVisible();
  await expect(preview.getByLabel('Address')).toBeVisible();
  await expect(preview.getByLabel('Rooms')).toBeVisible();
  await preview.getByRole('button', { name: 'Back to the app home' }).click();

  // a second turn renames a tool's header; All Changes shows the line that changed; then it is reverted
  const changesButtons = chat.getByRole('button', { name: spaceTexts.allChanges });
  const changesBefore = await changesButtons.count();
  await llm.enqueue([
    {
      toolCalls: [
        { name: 'edit_tool', arguments: { path: 'listing-writer', changes: { header: 'Listing studio' } } },
      ],
    },
    { text: 'Renamed the listing writer.' },
  ]);
  const input = chat.getByRole('textbox', { name: 'Message' });
  await input.fill('Call the listing writer Listing studio');
  await input.press('Enter');
  await expect(chat.getByText('Renamed the listing writer.')).toBeVisible({ timeout: 30_000 });
  await expect(tools.getByRole('button', { name: /Listing studio/ })).toBeVisible({ timeout: 20_000 });
  // the turn's own All Changes, once its version reached the chat (the tools panel can show the change first)
  await expect(changesButtons).toHaveCount(changesBefore + 1, { timeout: 20_000 });
  await changesButtons.last().click();
  const diff = p.getByRole('dialog', { name: spaceTexts.allChanges });
  await expect(diff.getByText('tools/listing-writer.json').first()).toBeVisible();
  await expect(diff.getByText(/Listing studio/).first()).toBeVisible();
  await screenshot(p, 'generated-app-all-changes');
  await p.keyboard.press('Escape');

  const first = chat.locator('[data-role="user"]').filter({ hasText: SENTENCE });
  await first.getByRole('button', { name: 'Revert' }).click();
  const confirm = p.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Revert' }).click();
  await expect(confirm).toBeHidden({ timeout: 20_000 });
  await expect(chat.getByText('Call the listing writer Listing studio')).toBeHidden();
  await expect(tools.getByRole('button', { name: /Write a listing/ })).toBeVisible({ timeout: 20_000 });

  // activate the first tool and publish the app
  const builder = builderPanel(p);
  await builder.getByRole('button', { name: 'Activate' }).click();
  const activate = p.getByRole('dialog', { name: 'Activate Your Tool' });
  await activate.getByRole('switch').click();
  await expect(activate.getByRole('switch')).toBeChecked();
  const link = await activate.getByLabel('Public link').inputValue();
  expect(link).toMatch(new RegExp(`/app/${appId}/tool/listing-writer$`));
  await activate.getByRole('button', { name: 'Close' }).click();
  await builder.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(saveStatus(builder)).toHaveText('Published');

  // a visitor runs the tool the chat wrote, with the fake model
  await llm.enqueue({ chunks: ['Sunny flat ', 'by the sea.'] });
  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  await v.goto(link);
  await expect(v.getByRole('heading', { name: 'Write a listing' })).toBeVisible();
  await v.getByLabel('Address').fill('1 Harbour Road');
  await v.getByLabel('Rooms').fill('3');
  await v.getByRole('button', { name: 'Generate' }).click();
  await expect(v.getByText('Sunny flat by the sea.')).toBeVisible({ timeout: 20_000 });
  const requests = await llm.requests();
  const run = requests.filter((r) => r.path === '/v1/chat/completions').at(-1);
  expect(JSON.stringify(run?.body)).toContain('Write a listing for 1 Harbour Road with 3 rooms');
  await visitor.close();

  // the Code editor shows each tool as a JSON document, checked as the server will; the Database its empty state
  await builder.getByRole('tab', { name: 'AI Tool' }).click();
  await openPanel(builder, /Code editor/);
  const fileSelect = builder.getByLabel('File');
  await expect(fileSelect.locator('option')).toHaveText([
    'app.json',
    'tools/listing-writer.json',
    'tools/buyer-email.json',
    'tools/open-house-post.json',
  ]);
  await fileSelect.selectOption('tools/listing-writer.json');
  await expect(builder.getByTestId('code-editor')).toContainText('"title": "Listing writer"');
  await expect(builder.getByRole('region', { name: 'Issues' })).toContainText('No issues');
  await screenshot(p, 'generated-app-code-editor');
  await builder.getByRole('button', { name: 'Done' }).click();
  await openPanel(builder, /Database/);
  await expect(builder.getByText('No entities yet, use the chat to create one')).toBeVisible();
  await builder.getByRole('button', { name: 'Done' }).click();

  // the phone layout: the chat and the app's home, one at a time
  await p.setViewportSize({ width: 390, height: 844 });
  await builder.getByRole('tab', { name: 'App Chat' }).click();
  await screenshot(p, 'generated-app-390-edit');
  await p.getByRole('button', { name: 'Preview' }).click();
  await expect(tools.getByRole('button')).toHaveCount(3);
  await screenshot(p, 'generated-app-390-preview');
});
