import { expect, test } from '@playwright/test';
import { spaceTexts } from '../../packages/domain/src/space-apps';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { signUpVerified } from '../support/auth';
import { newSpaceApp, openIssuesPill } from '../support/builder';
import { orExplain } from '../support/llm-trace';
import { LLM_URL, uniqueEmail } from '../support/env';

// The chat's gate (issue 30, decision 0013): the validation detectors run at the end of a turn; what they find is in
// the issues panel and the bounded autofix sends it.
const llm = fakeLlmControl(LLM_URL);

const home = (icon: string) => `import { ${icon} } from "lucide-react";

export default function Home() {
  return (
    <main className="p-8">
      <h1 className="flex items-center gap-2 text-2xl font-bold"><${icon} className="size-6" /> Favourites</h1>
    </main>
  );
}
`;

test('a turn that imports an unknown icon: the issues panel names it and the autofix repairs it', async ({
  page: p,
}) => {
  test.setTimeout(240_000);
  await llm.reset();
  await signUpVerified(p, uniqueEmail('chat-gate'), 'a long passphrase');
  await newSpaceApp(p);
  const chat = p.getByRole('region', { name: 'App Chat' });
  const preview = p.getByRole('region', { name: 'Your app' }).frameLocator('iframe');
  await llm.enqueue([
    { toolCalls: [{ name: 'edit_file', arguments: { path: 'pages/Home.tsx', content: home('Hart') } }] },
    { text: 'Your favourites page is ready.' },
    // the autofix's turn (held until the panel was looked at): the icon the message names
    {
      hold: 'fix',
      holdAfter: 0,
      toolCalls: [{ name: 'edit_file', arguments: { path: 'pages/Home.tsx', content: home('Heart') } }],
    },
    { text: 'Fixed the icon.' },
  ]);
  const input = chat.getByRole('textbox', { name: 'Message' });
  await input.fill('Make a favourites page');
  await input.press('Enter');
  await expect(chat.getByText('Your favourites page is ready.')).toBeVisible({ timeout: 30_000 });

  // the gate's issue is in the issues panel (a pill first), and the autofix sends it
  const issues = p.getByRole('region', { name: 'Issues' });
  const pill = p.getByRole('button', { name: /\d+ issues?/ });
  await orExplain(
    expect(async () => {
      await openIssuesPill(pill);
      // the gate's item: its details name the file and line the detector found
      const item = issues.locator('p[title="pages/Home.tsx:1"]', {
        hasText: '"Hart" is not an icon of lucide-react (did you mean "Heart"?)',
      });
      await expect(item).toBeVisible({ timeout: 2_000 });
      // the gate's answer comes at the turn's end, from the validation thread (decision 0013, "Off the request
      // thread"): on a loaded machine its first check may take tens of seconds
    }).toPass({ timeout: 90_000 }),
    "the gate's issue did not reach the panel",
    llm,
    chat,
  );
  await expect(chat.getByText(spaceTexts.autofixNotice)).toHaveCount(1, { timeout: 30_000 });
  // the autofix message the model got names the issue where the detector found it
  await expect
    .poll(async () =>
      (await llm.requests()).some((r) => {
        const sent = JSON.stringify(r.body);
        return (
          sent.includes('Please fix the following errors in my app') && sent.includes('pages/Home.tsx:1')
        );
      }),
    )
    .toBe(true);

  // the fix: the page renders, and the issues are gone
  await llm.release('fix');
  await expect(chat.getByText('Fixed the icon.')).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByRole('heading', { name: 'Favourites' })).toBeVisible({ timeout: 30_000 });
  await expect(issues.or(pill)).toBeHidden({ timeout: 20_000 });
  await expect(chat.getByText(spaceTexts.autofixNotice)).toHaveCount(1);
});
