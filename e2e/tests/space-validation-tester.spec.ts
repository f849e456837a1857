import { expect, test } from '@playwright/test';
import { validationTexts } from '../../packages/domain/src/app-validation';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { signUpVerified } from '../support/auth';
import { newSpaceApp } from '../support/builder';
import { orExplain } from '../support/llm-trace';
import { LLM_URL, TESTER_ADMIN_EMAIL } from '../support/env';
import { screenshot } from '../support/screens';

// The validation and repair tester (spec 001 §2, §4; decision 0013): an admin validates a turn's version, repairs it
// with the default model and a custom one beside it, compares, applies the custom bundle, then reverts.
const llm = fakeLlmControl(LLM_URL);

const BROKEN = `import { format } from "date-fns";

export default function App() {
  const total: number = "twelve";
  return <h1 className="p-8 text-3xl font-bold">Total: {total}</h1>;
}
`;
const FIXED = `export default function App() {
  const total: number = 12;
  return <h1 className="p-8 text-3xl font-bold">Total repaired: {total}</h1>;
}
`;
const fenced = (code: string) => `The corrected file:\n\n\`\`\`tsx\n${code}\`\`\`\n`;

test('an admin validates a version, repairs it with two models, compares, applies the bundle and reverts it', async ({
  page: p,
}) => {
  test.setTimeout(300_000);
  await llm.reset();
  await signUpVerified(p, TESTER_ADMIN_EMAIL, 'a long passphrase');
  await newSpaceApp(p);
  const chat = p.getByRole('region', { name: 'App Chat' });
  const preview = p.getByRole('region', { name: 'Your app' }).frameLocator('iframe');

  await llm.enqueue([
    {
      text: 'Writing it.',
      toolCalls: [
        { name: 'add_file', arguments: { path: 'src/App.tsx', content: BROKEN } },
        { name: 'delete_file', arguments: { path: 'pages/Home.tsx' } },
      ],
    },
    { text: 'The total is on the page.' },
    // the chat's gate finds the type error: the autofix asks once, and this answer leaves it to the tester
    { text: 'Leaving the total for the tester.' },
  ]);
  const input = chat.getByRole('textbox', { name: 'Message' });
  await input.fill('Show the total');
  await input.press('Enter');
  await expect(chat.getByText('The total is on the page.')).toBeVisible({ timeout: 30_000 });
  // the autofix asks once the gate has the issues: up to its budget (CHAT_VALIDATION_BUDGET_MS, 120 s here: the
  // validation worker takes one job at a time, and on a loaded machine it has taken over 60 s), then a turn of its own
  await orExplain(
    expect(chat.getByText('Leaving the total for the tester.')).toBeVisible({ timeout: 150_000 }),
    'the autofix turn did not answer',
    llm,
    chat,
  );
  await expect(chat.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByRole('heading', { name: 'Total: twelve' })).toBeVisible({ timeout: 20_000 });

  // validate: the issues of the turn's version
  const tester = chat.getByRole('toolbar', { name: 'Validation tester' });
  await tester.getByRole('button', { name: validationTexts.validate }).click();
  await expect(tester.getByRole('button', { name: validationTexts.revalidate })).toBeVisible({
    timeout: 30_000,
  });
  await tester.getByRole('button', { name: /Issues/ }).click();
  const results = p.getByRole('dialog', { name: validationTexts.validationResults });
  await expect(results.getByText("Type 'string' is not assignable to type 'number'.")).toBeVisible();
  await expect(results.getByText('"format" is imported but never used')).toBeVisible();
  await screenshot(p, 'space-tester-validation');
  await p.keyboard.press('Escape');
  await expect(results).toBeHidden();

  // repair with the default model and a custom one beside it (each answers the corrected file)
  await tester.getByRole('switch', { name: 'Compare with a custom model' }).click();
  await tester.getByRole('textbox', { name: 'Custom model' }).fill('custom-coder');
  await llm.enqueue([{ text: fenced(FIXED) }, { text: fenced(FIXED) }]);
  await tester.getByRole('button', { name: validationTexts.tryRepair }).click();
  await expect(tester.getByRole('button', { name: validationTexts.rerepair })).toBeVisible({
    timeout: 60_000,
  });
  const sent = (await llm.requests()).map((r) => (r.body as { model?: string }).model);
  expect(sent).toEqual(expect.arrayContaining(['gpt-4o-mini', 'custom-coder']));

  await tester.getByRole('button', { name: validationTexts.details }).click();
  const details = p.getByRole('dialog', { name: /Repair results: default model/ });
  await expect(details.getByText('Unresolved', { exact: true })).toBeVisible();
  await expect(details.getByText('Rule', { exact: true })).toBeVisible();
  await expect(details.getByText('AI · gpt-4o-mini')).toBeVisible();
  await screenshot(p, 'space-tester-repair-details');
  await p.keyboard.press('Escape');

  await tester.getByRole('button', { name: validationTexts.compareResults }).click();
  const compare = p.getByRole('dialog', { name: validationTexts.compareResults });
  await expect(compare.getByRole('table', { name: 'Model comparison' })).toContainText('custom-coder');
  await screenshot(p, 'space-tester-compare');
  await compare.getByRole('button', { name: 'Custom model details' }).click();
  const custom = p.getByRole('dialog', { name: 'Repair results: custom model (custom-coder)' });
  await custom.getByRole('button', { name: 'Apply bundle' }).click();
  await expect(custom.getByText('Applied')).toBeVisible({ timeout: 20_000 });
  await p.keyboard.press('Escape');
  await expect(tester.getByText('Applied')).toBeVisible();

  // the preview shows the applied bundle
  await expect(preview.getByRole('heading', { name: 'Total repaired: 12' })).toBeVisible({ timeout: 20_000 });

  // revert: the turn's own version again
  const turn = chat.locator('[data-role="user"]').filter({ hasText: 'Show the total' });
  await turn.getByRole('button', { name: 'Revert' }).click();
  const confirm = p.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Revert' }).click();
  await expect(confirm).toBeHidden({ timeout: 20_000 });
  await expect(preview.getByRole('heading', { name: 'Total: twelve' })).toBeVisible({ timeout: 20_000 });

  await p.setViewportSize({ width: 390, height: 844 });
  await screenshot(p, 'space-tester-mobile');
});
