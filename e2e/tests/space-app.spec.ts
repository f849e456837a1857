import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import type { FakeLlmReply } from '../../packages/testkit/src/fake-llm-types';
import { spaceTexts } from '../../packages/domain/src/space-apps';
import { signUpVerified } from '../support/auth';
import { newSpaceApp, openIssuesPill } from '../support/builder';
import { LLM_URL, SPACE_ADMIN_EMAIL, uniqueEmail } from '../support/env';
import { screenshot } from '../support/screens';

// The fake model of playwright.config.ts, scripted over its HTTP control API: each chat turn is the model calling the
// file tools, then a short closing answer once the tools have run.
const llm = fakeLlmControl(LLM_URL);

const page = (title: string, extra = '') =>
  `export default function Home() {\n  ${extra}return (\n    <main>\n      <h1>${title}</h1>\n    </main>\n  );\n}\n`;

/** One turn: the model writes `content` to `path` with `tool`, then says `done`. */
function turn(tool: 'add_file' | 'edit_file', path: string, content: string, done: string): FakeLlmReply[] {
  return [
    { text: `Working on ${path}.`, toolCalls: [{ name: tool, arguments: { path, content } }] },
    { text: done },
  ];
}

/** The app as models write it: src/App.tsx with its routes, pages on shadcn/ui and Tailwind. */
const APP_TSX = `import { BrowserRouter, Route, Routes } from "react-router-dom";
import { Toaster } from "@/components/ui/sonner";
import Index from "./pages/Index";
import About from "./pages/About";

export default function App() {
  return (
    <BrowserRouter>
      <Toaster />
      <Routes>
        <Route path="/" element={<Index />} />
        <Route path="/about" element={<About />} />
      </Routes>
    </BrowserRouter>
  );
}
`;
const indexPage = (title: string) => `import { Link } from "react-router-dom";
import { ChefHat } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

export default function Index() {
  return (
    <main className="mx-auto max-w-3xl space-y-6 p-8">
      <h1 className="flex items-center gap-3 text-4xl font-bold tracking-tight"><ChefHat className="size-8 text-primary" />${title}</h1>
      <Card>
        <CardHeader><CardTitle>Tonight</CardTitle></CardHeader>
        <CardContent className="text-muted-foreground">Lemon risotto, 35 minutes.</CardContent>
      </Card>
      <Button asChild><Link to="/about">About this box</Link></Button>
    </main>
  );
}
`;
const ABOUT = `import { Link } from "react-router-dom";

export default function About() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-3xl font-semibold">About the box</h1>
      <Link className="text-primary underline" to="/">Back to the recipes</Link>
    </main>
  );
}
`;

const workspace = (p: Page) => ({
  chat: p.getByRole('region', { name: 'App Chat' }),
  app: p.getByRole('region', { name: 'Your app' }),
  preview: p.getByRole('region', { name: 'Your app' }).frameLocator('iframe') as FrameLocator,
});

/** Sends one chat message and waits until the assistant's turn is over (its closing words, the box free again). */
async function ask(chat: Locator, text: string, done: string) {
  const input = chat.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
  await expect(chat.getByText(text, { exact: true })).toBeVisible();
  await expect(chat.getByText(done).last()).toBeVisible({ timeout: 30_000 });
  await expect(chat.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 30_000 });
}

test('a builder writes a space app in the chat, reverts a turn, publishes; a visitor opens it', async ({
  page: p,
  browser,
}) => {
  test.setTimeout(180_000);
  await llm.reset();
  await signUpVerified(p, uniqueEmail('space'), 'a long passphrase');
  const appId = await newSpaceApp(p);
  const { chat, preview } = workspace(p);
  // the starter page: the preview is never blank
  await expect(preview.locator('body')).not.toBeEmpty();
  await expect(chat.getByText(spaceTexts.emptyTitle)).toBeVisible();
  await screenshot(p, 'space-workspace-empty');

  // first turn: the app as models write it (routes, pages on shadcn/ui), the placeholder page removed
  await llm.enqueue([
    {
      text: 'Building your recipe box.',
      toolCalls: [
        { name: 'add_file', arguments: { path: 'src/App.tsx', content: APP_TSX } },
        { name: 'add_file', arguments: { path: 'src/pages/Index.tsx', content: indexPage('Recipe box') } },
        { name: 'add_file', arguments: { path: 'src/pages/About.tsx', content: ABOUT } },
        { name: 'delete_file', arguments: { path: 'pages/Home.tsx' } },
      ],
    },
    { text: 'Your recipe page is ready.' },
  ]);
  await ask(chat, 'Make a page for my recipes', 'Your recipe page is ready.');
  const heading = preview.getByRole('heading', { name: 'Recipe box' });
  await expect(heading).toBeVisible({ timeout: 20_000 });
  // Tailwind's classes are applied (text-4xl font-bold), and the shadcn button is themed
  await expect(heading).toHaveCSS('font-weight', '700');
  await expect(heading).toHaveCSS('font-size', '36px');
  await expect(preview.getByRole('link', { name: 'About this box' })).toHaveCSS(
    'border-top-left-radius',
    /px/,
  );

  // second turn: an edit
  await llm.enqueue(turn('edit_file', 'src/pages/Index.tsx', indexPage('Grandma’s recipes'), 'Renamed.'));
  await ask(chat, 'Call it Grandma’s recipes', 'Renamed.');
  await expect(preview.getByRole('heading', { name: 'Grandma’s recipes' })).toBeVisible({ timeout: 20_000 });
  await screenshot(p, 'space-workspace-chat-preview');

  // All Changes: what the second turn changed
  await chat.getByRole('button', { name: spaceTexts.allChanges }).last().click();
  const diff = p.getByRole('dialog', { name: spaceTexts.allChanges });
  await expect(diff.getByText('src/pages/Index.tsx').first()).toBeVisible();
  await expect(diff.getByText(/Grandma’s recipes/).first()).toBeVisible();
  await p.keyboard.press('Escape');
  await expect(diff).toBeHidden();

  // revert the second turn: back to right after the first message, the later ones go
  const first = chat.locator('[data-role="user"]').filter({ hasText: 'Make a page for my recipes' });
  await first.getByRole('button', { name: 'Revert' }).click();
  const confirm = p.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Revert' }).click();
  await expect(confirm).toBeHidden({ timeout: 20_000 });
  await expect(chat.getByText('Call it Grandma’s recipes')).toBeHidden();
  await expect(preview.getByRole('heading', { name: 'Recipe box' })).toBeVisible({ timeout: 20_000 });

  // publish: the live link, to open or copy
  await p.getByRole('button', { name: 'Publish' }).click();
  const live = p.getByRole('textbox', { name: 'Live link' });
  await expect(live).toHaveValue(new RegExp(`/app/${appId}$`));
  await expect(p.getByRole('link', { name: /Open app/ })).toHaveAttribute('href', `/app/${appId}`);

  // a visitor (no session) sees the published page
  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  await v.goto(`/app/${appId}`);
  const site = v.frameLocator('iframe');
  await expect(site.getByRole('heading', { name: 'Recipe box' })).toBeVisible({ timeout: 20_000 });
  // the app's own routes: the address bar follows under /app/{appId}, and Back returns
  await site.getByRole('link', { name: 'About this box' }).click();
  await expect(site.getByRole('heading', { name: 'About the box' })).toBeVisible();
  await expect(v).toHaveURL(new RegExp(`/app/${appId}/about$`));
  await v.goBack();
  await expect(site.getByRole('heading', { name: 'Recipe box' })).toBeVisible();
  await expect(v).toHaveURL(new RegExp(`/app/${appId}$`));
  // opening a deep address opens the app there
  await v.goto(`/app/${appId}/about`);
  await expect(site.getByRole('heading', { name: 'About the box' })).toBeVisible({ timeout: 20_000 });
  await visitor.close();
});

test('generated code that throws shows in the issues panel, and Resolve with AI fixes it', async ({
  page: p,
}) => {
  test.setTimeout(180_000);
  await llm.reset();
  await signUpVerified(p, uniqueEmail('space-issues'), 'a long passphrase');
  await newSpaceApp(p);
  const { chat, preview } = workspace(p);

  // the page throws while rendering; the two autofix turns that follow (the bound) write it throwing again
  const throwing = page('Never shown', "throw new Error('Recipe list failed');\n  ");
  await llm.enqueue([
    ...turn('edit_file', 'pages/Home.tsx', throwing, 'Here is your list.'),
    ...turn('edit_file', 'pages/Home.tsx', throwing, 'Tried a fix.'),
    ...turn('edit_file', 'pages/Home.tsx', throwing, 'Tried another fix.'),
  ]);
  await ask(chat, 'Show my recipe list', 'Here is your list.');
  const issues = p.getByRole('region', { name: 'Issues' });
  const pill = p.getByRole('button', { name: /1 issue/ });
  await expect(pill.or(issues)).toBeVisible({ timeout: 30_000 });
  // the issues panel: a pill at first, then the list with the error the frame reported
  await expect(chat.getByText(spaceTexts.autofixNotice)).toHaveCount(2, { timeout: 60_000 });
  await expect(chat.getByText('Tried another fix.')).toBeVisible({ timeout: 30_000 });
  await expect(chat.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 30_000 });
  // the last autofix turn reloads the preview: its errors go and come back, and the panel starts again as the pill
  await expect(async () => {
    await openIssuesPill(pill);
    await expect(issues.getByText(/Recipe list failed/).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await screenshot(p, 'space-workspace-issues');

  // Resolve with AI: the fix turn writes a page that works; the issues go away
  await llm.enqueue(turn('edit_file', 'pages/Home.tsx', page('Recipes, fixed'), 'Fixed.'));
  await issues.getByRole('button', { name: spaceTexts.resolveWithAi }).click();
  await expect(preview.getByRole('heading', { name: 'Recipes, fixed' })).toBeVisible({ timeout: 30_000 });
  await expect(p.getByRole('button', { name: spaceTexts.resolveWithAi })).toBeHidden({ timeout: 20_000 });
});

test("an admin edits the app's code: autosave after 2 s, the preview follows, leaving asks first", async ({
  page: p,
}) => {
  test.setTimeout(180_000);
  await llm.reset();
  await signUpVerified(p, SPACE_ADMIN_EMAIL, 'a long passphrase');
  await newSpaceApp(p);
  const { app, preview } = workspace(p);

  await app.getByRole('tab', { name: 'Code' }).click();
  await app.getByRole('tree', { name: 'App files' }).getByText('Home.tsx').click();
  const editor = app.locator('.cm-content');
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await expect(app.getByRole('status')).toHaveText('All changes saved');
  await screenshot(p, 'space-workspace-code-admin');

  // replace the page; the status says it waits, then that it is saved
  await editor.click();
  await p.keyboard.press('ControlOrMeta+A');
  await p.keyboard.insertText(page('Typed by hand'));
  await expect(app.getByRole('status')).toHaveText('Unsaved changes');

  // leaving before the save asks first
  await p.getByRole('link', { name: 'Home' }).first().click();
  const leave = p.getByRole('dialog');
  await expect(leave.getByText(spaceTexts.unsavedChanges)).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();

  await expect(app.getByRole('status')).toHaveText('All changes saved', { timeout: 15_000 });
  await app.getByRole('tab', { name: 'Preview' }).click();
  await app.getByRole('button', { name: 'Reload preview' }).click();
  await expect(preview.getByRole('heading', { name: 'Typed by hand' })).toBeVisible({ timeout: 20_000 });

  // the same workspace on a phone: chat and preview are tabs, the menu is a sheet
  await p.setViewportSize({ width: 390, height: 844 });
  await expect(p.getByRole('tab', { name: 'Chat' })).toBeVisible();
  await screenshot(p, 'space-workspace-mobile-chat');
  await p.getByRole('tab', { name: 'App', exact: true }).click();
  await screenshot(p, 'space-workspace-mobile-preview');
  await p.getByRole('button', { name: 'App menu' }).click();
  await expect(p.getByRole('dialog').getByRole('button', { name: /App settings/ })).toBeVisible();
  await screenshot(p, 'space-workspace-mobile-menu');
});
