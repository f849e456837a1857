import { expect, test, type Locator, type Page } from '@playwright/test';
import { makeDocx, makePdf } from '../../packages/testkit/src/documents';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { adminSetPlan } from '../support/admin';
import { signUpVerified } from '../support/auth';
import { activateAndPublish, newTool, openPanel } from '../support/builder';
import { LLM_URL, uniqueEmail } from '../support/env';
import { screenshot } from '../support/screens';

const llm = fakeLlmControl(LLM_URL);

/** Adds a file through the Data Sources dialog, choosing the dialog's option first. */
async function uploadFile(page: Page, builder: Locator, option: string, name: string, buffer: Buffer) {
  await builder.getByRole('button', { name: 'Add data' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Data Sources' });
  await dialog
    .getByRole('group', { name: 'Kind of data' })
    .getByRole('button', { name: new RegExp(`^${option}`) })
    .click();
  await dialog
    .getByLabel('Choose a file')
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function expectSynced(list: Locator, name: string) {
  await expect(list.getByRole('listitem', { name })).toContainText('Synced', { timeout: 30_000 });
}

test('a builder adds text, a CSV, a DOCX and a PDF, sees them sync live, renames, replaces and deletes, and a run uses a fact from the PDF', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await llm.reset();
  const email = uniqueEmail('data');
  await signUpVerified(page, email, 'a long passphrase');
  // explorer: five files (lite keeps one data item)
  await adminSetPlan(email, 'explorer');
  await page.reload();

  const builder = await newTool(page);
  await openPanel(builder, /Tool texts/);
  await builder.getByLabel('Header', { exact: true }).fill('Company helper');
  await builder.getByRole('button', { name: 'Done' }).click();
  await openPanel(builder, /Results layout/);
  await builder
    .getByLabel('Prompt', { exact: true })
    .fill('Answer this question about our company: {{input}}');
  await builder.getByRole('button', { name: 'Done' }).click();

  await openPanel(builder, /Data sources/);
  const list = builder.getByRole('list', { name: 'Data sources' });

  // text
  await builder.getByRole('button', { name: 'Add data' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Data Sources' });
  await expect(dialog.getByText('Copy/paste text from anywhere')).toBeVisible();
  await expect(dialog.getByText('Upload a CSV file')).toBeVisible();
  await expect(dialog.getByText('Upload DOCX file')).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(dialog.getByText('Please enter some text')).toBeVisible();
  await dialog.getByLabel('Text', { exact: true }).fill('Our office opens at nine and closes at five.');
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('Synced', { timeout: 30_000 });

  // a CSV, a DOCX and a PDF; each turns Synced without a reload
  await uploadFile(
    page,
    builder,
    'Items List',
    'products.csv',
    Buffer.from('name,price\nTeapot,25\nKettle,40\n'),
  );
  await uploadFile(
    page,
    builder,
    'Doc',
    'handbook.docx',
    Buffer.from(await makeDocx(['Employees get 30 days of holiday a year.'])),
  );
  await uploadFile(
    page,
    builder,
    'PDF',
    'launch.pdf',
    Buffer.from(await makePdf(['Launch notes. The launch code of the Zephyr project is AMBER-7731.'])),
  );
  for (const name of ['products.csv', 'handbook.docx', 'launch.pdf']) await expectSynced(list, name);
  await screenshot(page, 'panel-data-sources');

  // rename the text item
  const textItem = list.getByRole('listitem').filter({ hasNotText: /\.(csv|docx|pdf)/ });
  await textItem.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename item' });
  await rename.getByLabel('Name', { exact: true }).fill('Opening hours');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByRole('listitem', { name: 'Opening hours' })).toBeVisible();

  // replace the CSV with a new file
  await list
    .getByRole('listitem', { name: 'products.csv' })
    .getByRole('button', { name: 'Actions for products.csv' })
    .click();
  await page.getByRole('menuitem', { name: 'Replace file' }).click();
  const replace = page.getByRole('dialog', { name: 'Data Sources' });
  await replace.getByLabel('Choose a file').setInputFiles({
    name: 'products-2026.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name,price\nMug,9\n'),
  });
  await replace.getByRole('button', { name: 'Replace', exact: true }).click();
  await expect(replace).toBeHidden();
  await expectSynced(list, 'products-2026.csv');
  await expect(list.getByRole('listitem', { name: 'products.csv' })).toHaveCount(0);

  // delete the DOCX
  await list
    .getByRole('listitem', { name: 'handbook.docx' })
    .getByRole('button', { name: 'Actions for handbook.docx' })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByRole('listitem', { name: 'handbook.docx' })).toHaveCount(0);
  await expect(list.getByRole('listitem')).toHaveCount(3);

  // publish; a visitor asks something only the PDF knows, and the fact reaches the model
  await builder.getByRole('button', { name: 'Done' }).click();
  const link = await activateAndPublish(page, builder);

  await llm.enqueue({ text: 'The launch code is AMBER-7731.' });
  const visitor = await browser.newContext();
  const run = await visitor.newPage();
  await run.goto(link);
  await run.getByLabel('Your input').fill('What is the launch code of the Zephyr project?');
  await run.getByRole('button', { name: 'Generate' }).click();
  await expect(run.getByText('The launch code is AMBER-7731.')).toBeVisible();
  const asked = JSON.stringify((await llm.requests()).at(-1)?.body);
  expect(asked).toContain('AMBER-7731');
  await visitor.close();
});
