import { expect, test, type FrameLocator } from '@playwright/test';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { secretsTexts } from '../../packages/domain/src/secrets';
import { spaceTexts } from '../../packages/domain/src/space-apps';
import { signUpVerified } from '../support/auth';
import { newSpaceApp } from '../support/builder';
import { GUMROAD_OPERATOR_TOKEN, GUMROAD_URL, LLM_URL, uniqueEmail } from '../support/env';
import { screenshot } from '../support/screens';

// A server function with a secret (issue 31, decision 0014): the chat asks for a Gumroad token (request_secrets)
// and writes functions/products.ts, which calls the (fake) Gumroad API with it, and a page that shows its answer
// through functions.invoke. The builder sets the token in the chat's dialog; the preview and the published app show
// the products. The token never reaches the browser's page: the dialog sends it, the server keeps it.

const llm = fakeLlmControl(LLM_URL);
const PASSWORD = 'a long passphrase';

const FUNCTION = `export default async function handler(_input: unknown, ctx: any) {
  const res = await ctx.fetch('${GUMROAD_URL}/v2/products?access_token=' + encodeURIComponent(ctx.secrets.GUMROAD_TOKEN ?? ''));
  if (!res.ok) throw new Error('Gumroad answered ' + res.status);
  const data = await res.json();
  console.log('products', data.products.length);
  return { names: data.products.map((p: { name: string }) => p.name) };
}
`;

const PAGE = `import { useState } from 'react';
import { functions } from '@buildai/app-sdk';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export default function Home() {
  const [names, setNames] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  async function load() {
    setLoading(true);
    setProblem(null);
    try {
      const answer = await functions.invoke<{ names: string[] }>('products');
      setNames(answer.names);
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setLoading(false);
    }
  }
  return (
    <main className="min-h-screen bg-background p-8">
      <Card className="mx-auto max-w-xl">
        <CardHeader><CardTitle>My Gumroad products</CardTitle></CardHeader>
        <CardContent className="space-y-4">
          <Button onClick={load} disabled={loading}>{loading ? 'Loading…' : 'Load products'}</Button>
          {problem && <p role="alert" className="text-sm text-destructive">{problem}</p>}
          {names && (
            <ul aria-label="Products" className="list-disc pl-5">
              {names.map((n) => <li key={n}>{n}</li>)}
            </ul>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
`;

async function loadProducts(frame: FrameLocator) {
  await frame.getByRole('button', { name: 'Load products' }).click();
}

test('the chat writes a function that uses a secret; the builder sets it; the preview and the published app show its answer', async ({
  page: p,
  browser,
}) => {
  test.setTimeout(180_000);
  await llm.reset();
  await signUpVerified(p, uniqueEmail('space-functions'), PASSWORD);
  const appId = await newSpaceApp(p);
  const chat = p.getByRole('region', { name: 'App Chat' });
  await expect(chat.getByText(spaceTexts.emptyTitle)).toBeVisible();

  await llm.enqueue([
    {
      toolCalls: [
        {
          name: 'request_secrets',
          arguments: {
            secrets: [
              {
                secretName: 'GUMROAD_TOKEN',
                description: 'Your Gumroad access token (Settings → Advanced → Applications)',
              },
            ],
          },
        },
        { name: 'add_file', arguments: { path: 'functions/products.ts', content: FUNCTION } },
        { name: 'add_file', arguments: { path: 'pages/Home.tsx', content: PAGE } },
      ],
    },
    { text: 'Set your Gumroad token with the button above, then load your products.' },
  ]);
  const input = chat.getByRole('textbox', { name: 'Message' });
  await input.fill('Show my Gumroad products');
  await input.press('Enter');
  await expect(chat.getByText('Set your Gumroad token with the button above').last()).toBeVisible({
    timeout: 30_000,
  });
  const action = chat.locator('li[data-type="request_secrets"]').last();
  await expect(action.getByText('Request secrets GUMROAD_TOKEN')).toBeVisible();

  // before the token is set: the issues panel names it, and the function fails with a clear error
  await expect(p.getByRole('button', { name: /issue/ })).toBeVisible({ timeout: 20_000 });
  const preview = p.getByRole('region', { name: 'Your app' }).frameLocator('iframe');
  await loadProducts(preview);
  await expect(preview.getByRole('alert')).toContainText('The function failed', { timeout: 20_000 });
  await screenshot(p, 'space-functions-before-secret');

  // the builder sets it in the dialog; the follow-up message goes to the chat
  await llm.enqueue([{ text: 'Thanks, the token is set: load your products.' }]);
  const setButton = action.getByRole('button', { name: 'Set secrets' });
  await expect(setButton).toBeEnabled();
  await setButton.click();
  const dialog = p.getByRole('dialog');
  await expect(dialog.getByText(secretsTexts.setTitle)).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(p.getByText(secretsTexts.valuesRequired, { exact: true })).toBeVisible();
  await dialog.getByLabel('GUMROAD_TOKEN').fill(GUMROAD_OPERATOR_TOKEN);
  await screenshot(p, 'space-functions-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(p.getByText(secretsTexts.savedTitle, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(chat.getByText("I've added GUMROAD_TOKEN secrets")).toBeVisible({ timeout: 20_000 });
  await expect(chat.getByText('Thanks, the token is set').last()).toBeVisible({ timeout: 30_000 });
  await expect(action.getByRole('button', { name: 'Update secrets' })).toBeVisible();

  // the preview shows the function's answer
  await loadProducts(preview);
  const products = preview.getByRole('list', { name: 'Products' });
  await expect(products.getByText('BuildAI Explorer')).toBeVisible({ timeout: 20_000 });
  await expect(products.getByText('BuildAI Monetizer')).toBeVisible();
  await screenshot(p, 'space-functions-preview');
  // the builder's page never held the token
  expect(await p.content()).not.toContain(GUMROAD_OPERATOR_TOKEN);

  // the function log: the failed call before the token, and the one that worked, with its console line
  const pane = p.getByRole('region', { name: 'Your app' });
  await pane.getByRole('tab', { name: 'Functions' }).click();
  const calls = pane.getByRole('list', { name: 'Function calls' }).getByRole('listitem');
  await expect(calls).toHaveCount(2, { timeout: 20_000 });
  await expect(calls.nth(0).getByText('OK')).toBeVisible();
  await expect(calls.nth(1).getByText('Gumroad answered 401')).toBeVisible();
  await calls.nth(0).getByRole('button').click();
  await expect(calls.nth(0).getByLabel('Logs of products')).toHaveText('[log] products 2');
  await screenshot(p, 'space-functions-log');
  expect(await p.content()).not.toContain(GUMROAD_OPERATOR_TOKEN);
  await pane.getByRole('tab', { name: 'Preview' }).click();

  // published: a visitor (no session) gets the same answer from the published function
  await p.getByRole('button', { name: 'Publish' }).click();
  await expect(p.getByRole('textbox', { name: 'Live link' })).toHaveValue(new RegExp(`/app/${appId}$`));
  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  await v.goto(`/app/${appId}`);
  const site = v.frameLocator('iframe');
  await loadProducts(site);
  await expect(site.getByRole('list', { name: 'Products' }).getByText('BuildAI Explorer')).toBeVisible({
    timeout: 20_000,
  });
  expect(await v.content()).not.toContain(GUMROAD_OPERATOR_TOKEN);
  await v.setViewportSize({ width: 390, height: 844 });
  await screenshot(v, 'space-functions-published-390');
  await visitor.close();

  await p.setViewportSize({ width: 390, height: 844 });
  await screenshot(p, 'space-functions-builder-390');
});
