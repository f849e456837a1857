import { expect, test, type Locator, type Page } from '@playwright/test';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { adminSetPlan } from '../support/admin';
import { signUpVerified } from '../support/auth';
import { builderPanel, newTool, openPanel, saveStatus } from '../support/builder';
import { LLM_URL, uniqueEmail } from '../support/env';
import { screenshot } from '../support/screens';
import { expectToast } from '../support/toast';

const llm = fakeLlmControl(LLM_URL);

async function done(builder: Locator) {
  await builder.getByRole('button', { name: 'Done' }).click();
  await expect(builder.getByRole('navigation', { name: 'Builder menu' })).toBeVisible();
}

/** Waits until every change is saved: the status leaves 'Saving...'. */
async function saved(builder: Locator) {
  await expect(saveStatus(builder)).not.toHaveText('Saving...', { timeout: 15_000 });
}

async function addField(
  page: Page,
  builder: Locator,
  field: { label: string; type?: string; required?: boolean; options?: string[]; step?: string },
) {
  await builder.getByRole('button', { name: 'Add field' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add field' });
  await dialog.getByLabel('Label', { exact: true }).fill(field.label);
  if (field.type) await dialog.getByLabel('Type', { exact: true }).selectOption(field.type);
  if (field.step) await dialog.getByLabel('Step', { exact: true }).selectOption({ label: field.step });
  for (const option of field.options ?? []) {
    await dialog.getByLabel('Option label', { exact: true }).fill(option);
    await dialog.getByRole('button', { name: 'Add option' }).click();
  }
  if (field.required) await dialog.getByRole('switch', { name: 'Required' }).click();
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(dialog).toBeHidden();
}

/** Texts and prompt of the tool open in the workspace. */
async function writeTool(builder: Locator, header: string, prompt: string, hideMainInput = false) {
  await openPanel(builder, /Tool texts/);
  await builder.getByLabel('Header', { exact: true }).fill(header);
  // a form made only of custom fields has no main input
  if (hideMainInput) await builder.getByRole('switch', { name: 'Hide main input' }).click();
  await done(builder);
  await openPanel(builder, /Results layout/);
  await builder.getByLabel('Prompt', { exact: true }).fill(prompt);
  await done(builder);
}

async function activate(page: Page, builder: Locator, title: string) {
  await builder.getByRole('switch', { name: `Status of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Activate Your Tool' });
  await dialog.getByRole('switch').click();
  await expect(dialog.getByRole('switch')).toBeChecked();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

test('a builder makes a branded two-tool app with a multi-step form; visitors run it up to the daily limit; analytics counts the runs', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await llm.reset();
  const email = uniqueEmail('workspace');
  await signUpVerified(page, email, 'a long passphrase');
  // Moon: settings of an app with several tools are open to it (spec 000 §2)
  await adminSetPlan(email, 'moon');
  await page.reload();

  // a new app with several tools opens on its menu
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('menuitem', { name: /App with several tools/ }).click();
  // this builder assembles the tools by hand (the chat's way is generated-app.spec.ts)
  await page.getByRole('button', { name: 'Start with an empty app' }).click();
  await expect(page).toHaveURL(/\/build\/app\/[^/]+$/);
  const appId = page.url().split('/').pop()!;
  const builder = builderPanel(page);
  // a new app with several tools opens on its App Chat; the panels are on the other tab
  await builder.getByRole('tab', { name: 'AI Tool' }).click();
  await screenshot(page, 'workspace-generated-menu');

  // first tool: a trip planner with a two-step form of several field types
  await openPanel(builder, /App tools/);
  await screenshot(page, 'panel-app-tools-empty');
  await builder.getByRole('button', { name: 'Add tool' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add tool' });
  await dialog.getByLabel('Title', { exact: true }).fill('Trip planner');
  await dialog.getByLabel('Path', { exact: true }).fill('trip-planner');
  await dialog.getByRole('button', { name: 'Add tool' }).click();
  await expect(page).toHaveURL(new RegExp(`/build/app/${appId}/tool/[^/]+$`));

  await openPanel(builder, /Custom fields/);
  await addField(page, builder, { label: 'Destination', required: true });
  await builder.getByRole('switch', { name: 'Multi-step input' }).click();
  await builder.getByRole('button', { name: 'Add step' }).click();
  await builder.getByLabel('Title of step 1').fill('Where');
  await builder.getByLabel('Title of step 2').fill('How');
  await addField(page, builder, {
    label: 'Travel style',
    type: 'select',
    options: ['Relaxed', 'Adventurous'],
    step: 'How',
  });
  await addField(page, builder, { label: 'Notes', type: 'long_text', step: 'How' });
  await screenshot(page, 'panel-custom-fields');
  // the reserved name is refused with the spec's words
  await builder.getByRole('button', { name: 'Add field' }).click();
  dialog = page.getByRole('dialog', { name: 'Add field' });
  await dialog.getByLabel('Label', { exact: true }).fill('Input');
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(dialog.getByText('Input is a reserved field name, try another name')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await done(builder);
  await writeTool(
    builder,
    'Trip planner',
    'Plan a trip to {{destination}} in a {{travelStyle}} style. Notes: {{notes}}',
    true,
  );
  await saved(builder);

  // second tool
  await openPanel(builder, /App tools/);
  await builder.getByRole('button', { name: 'Add tool' }).click();
  dialog = page.getByRole('dialog', { name: 'Add tool' });
  await dialog.getByLabel('Title', { exact: true }).fill('Packing list');
  await dialog.getByLabel('Path', { exact: true }).fill('packing-list');
  await dialog.getByRole('button', { name: 'Add tool' }).click();
  await writeTool(builder, 'Packing list', 'Write a packing list for {{input}}.');
  await saved(builder);

  // details, branding and settings belong to the app
  await page.goto(`/build/app/${appId}`);
  await openPanel(builder, /App details/);
  await builder.getByLabel('Header', { exact: true }).fill('Travel helpers');
  await builder.getByLabel('Subheader', { exact: true }).fill('Plan the trip, then pack for it.');
  await done(builder);
  await openPanel(builder, /App branding/);
  await builder.getByRole('radio', { name: 'Dark' }).click();
  await screenshot(page, 'panel-branding');
  await done(builder);
  await openPanel(builder, /App settings/);
  await builder.getByLabel('Daily runs', { exact: true }).fill('2');
  await screenshot(page, 'panel-settings');
  await done(builder);
  await saved(builder);

  // both tools live, then the app
  await openPanel(builder, /App tools/);
  await activate(page, builder, 'Trip planner');
  await activate(page, builder, 'Packing list');
  await screenshot(page, 'panel-app-tools');
  await builder.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(saveStatus(builder)).toHaveText('Published');

  // a visitor: the app's home lists both tools in the dark style
  const visitor = await browser.newContext();
  const run = await visitor.newPage();
  await run.goto(`/app/${appId}`);
  await expect(run.getByRole('heading', { name: 'Travel helpers' })).toBeVisible();
  await expect(run.getByRole('link', { name: /Trip planner/ })).toBeVisible();
  await expect(run.getByRole('link', { name: /Packing list/ })).toBeVisible();
  await screenshot(run, 'runtime-app-home');

  // the multi-step tool: step one, then step two, then the answer
  await llm.enqueue({ chunks: ['Day 1: ', 'the old town.'] });
  await run.getByRole('link', { name: /Trip planner/ }).click();
  await run.getByLabel('Destination').fill('Lisbon');
  await run.getByRole('button', { name: 'Next' }).click();
  await run.getByLabel('Travel style').selectOption('Relaxed');
  await run.getByLabel('Notes').fill('no museums');
  await screenshot(run, 'runtime-multi-step');
  await run.getByRole('button', { name: 'Generate' }).click();
  await expect(run.getByText('Day 1: the old town.')).toBeVisible();
  await expect(run).toHaveURL(new RegExp(`/app/${appId}/[^/]+/tool/trip-planner$`));
  const asked = JSON.stringify((await llm.requests()).at(-1)?.body);
  expect(asked).toContain('Plan a trip to Lisbon in a Relaxed style. Notes: no museums');

  // the second tool, then the daily limit of 2 refuses a third run
  await llm.enqueue({ text: 'Sunscreen, a hat.' });
  await run.goto(`/app/${appId}/tool/packing-list`);
  await run.getByLabel('Your input').fill('a beach week');
  await run.getByRole('button', { name: 'Generate' }).click();
  await expect(run.getByText('Sunscreen, a hat.')).toBeVisible();
  await run.getByRole('button', { name: 'Run again' }).click();
  await run.getByLabel('Your input').fill('a ski trip');
  await run.getByRole('button', { name: 'Generate' }).click();
  await expect(run.getByText('You have reached the daily limit of 2 runs, come back tomorrow')).toBeVisible();
  await screenshot(run, 'runtime-daily-limit');
  await visitor.close();

  // the builder sees both runs in analytics
  await page.goto(`/analytics/app/${appId}`);
  await expect(page.getByRole('region', { name: 'Runs' }).getByTestId('stat-value')).toHaveText('2');
  await expect(page.getByRole('region', { name: 'Unique users' }).getByTestId('stat-value')).toHaveText('1');
  // one run of each tool
  for (const tool of ['Trip planner', 'Packing list']) {
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: new RegExp(`^${tool}`) }) });
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  }
  await screenshot(page, 'analytics');

  // the same screens on a 390 px phone
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'analytics-390');
  await page.goto(`/build/app/${appId}`);
  await openPanel(builder, /App branding/);
  await screenshot(page, 'panel-branding-390');
  await done(builder);
  await openPanel(builder, /App tools/);
  await screenshot(page, 'panel-app-tools-390');
  await page.goto(`/app/${appId}/tool/trip-planner`);
  await expect(page.getByRole('heading', { name: 'Trip planner' })).toBeVisible();
  await screenshot(page, 'runtime-tool-390');
});

test('an autosave that fails puts the change back and says so', async ({ page }) => {
  const email = uniqueEmail('autosave');
  await signUpVerified(page, email, 'a long passphrase');
  const builder = await newTool(page);
  await openPanel(builder, /Tool texts/);
  const header = builder.getByLabel('Header', { exact: true });
  await header.fill('Kept title');
  await saved(builder);

  // the next save of the tool fails on the server's side
  await page.route('**/api/apps', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal', message: 'Failed to save tool' } }),
        })
      : route.continue(),
  );
  await header.fill('Lost title');
  await expectToast(page, 'Failed saving app, your changes might be lost. Please try again or contact us');
  await expect(header).toHaveValue('Kept title');
});
