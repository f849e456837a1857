import { expect, test, type Frame, type Page } from '@playwright/test';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { signUpVerified } from '../support/auth';
import { newSpaceApp } from '../support/builder';
import { LLM_URL, PREVIEW_ADMIN_EMAIL } from '../support/env';

// The preview follows every change without a reload when it can (decision 0012, "Swapping the bundle"): a chat
// turn and a code-editor save swap the new bundle into the live frame; a change of the shared modules reloads it.
const llm = fakeLlmControl(LLM_URL);

const app = (title: string, className: string, extra = { imports: '', wrap: 'h1' }) =>
  `${extra.imports}import { useState } from "react";

export default function App() {
  const [count, setCount] = useState(0);
  return (
    <main className="p-8">
      <${extra.wrap} className="${className}">${title}</${extra.wrap}>
      <button type="button" onClick={() => setCount(count + 1)}>Clicked {count}</button>
    </main>
  );
}
`;

/** The preview's frame (the app origin's preview document). */
function previewFrame(p: Page): Frame {
  const frame = p.frames().find((f) => /\/apps\/[^/]+\/preview\?token=/.test(f.url()));
  if (!frame) throw new Error('no preview frame');
  return frame;
}

/** A mark on the frame's window: it survives a swap, a reload loses it. */
const markFrame = (p: Page) =>
  previewFrame(p).evaluate(() => {
    (window as unknown as { __kept?: string }).__kept = 'still here';
  });
const frameMark = (p: Page) =>
  previewFrame(p).evaluate(() => (window as unknown as { __kept?: string }).__kept ?? null);

test('a chat turn and a code-editor save show in the preview without reloading it; new packages reload it', async ({
  page: p,
}) => {
  test.setTimeout(180_000);
  await llm.reset();
  await signUpVerified(p, PREVIEW_ADMIN_EMAIL, 'a long passphrase');
  await newSpaceApp(p);
  const chat = p.getByRole('region', { name: 'App Chat' });
  const pane = p.getByRole('region', { name: 'Your app' });
  const preview = pane.frameLocator('iframe');
  const documents: string[] = [];
  p.on('request', (request) => {
    if (/\/apps\/[^/]+\/preview\?token=/.test(request.url())) documents.push(request.url());
  });

  const ask = async (text: string, done: string) => {
    const input = chat.getByRole('textbox', { name: 'Message' });
    await input.fill(text);
    await input.press('Enter');
    await expect(chat.getByText(done).last()).toBeVisible({ timeout: 30_000 });
    await expect(chat.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 30_000 });
  };

  // the first turn writes the app; its preview is where the mark goes
  await llm.enqueue([
    {
      text: 'Writing the app.',
      toolCalls: [
        {
          name: 'add_file',
          arguments: { path: 'src/App.tsx', content: app('First draft', 'text-emerald-600') },
        },
        { name: 'delete_file', arguments: { path: 'pages/Home.tsx' } },
      ],
    },
    { text: 'The first draft is ready.' },
  ]);
  await ask('Write a counter', 'The first draft is ready.');
  const first = preview.getByRole('heading', { name: 'First draft' });
  await expect(first).toBeVisible({ timeout: 20_000 });
  await expect(first).toHaveCSS('color', 'oklch(0.596 0.145 163.225)');
  // the app's state and the frame's window: a swap keeps the window (its state starts again with the new code)
  await preview.getByRole('button', { name: 'Clicked 0' }).click();
  await expect(preview.getByRole('button', { name: 'Clicked 1' })).toBeVisible();
  await markFrame(p);
  const loadsBefore = documents.length;

  // a chat turn: new text and a new Tailwind class, in the same frame
  await llm.enqueue([
    {
      text: 'Changing the title.',
      toolCalls: [
        {
          name: 'edit_file',
          arguments: { path: 'src/App.tsx', content: app('Second draft', 'text-rose-700') },
        },
      ],
    },
    { text: 'Renamed it.' },
  ]);
  await ask('Call it Second draft, in red', 'Renamed it.');
  const second = preview.getByRole('heading', { name: 'Second draft' });
  await expect(second).toBeVisible({ timeout: 20_000 });
  await expect(second).toHaveCSS('color', 'oklch(0.514 0.222 16.935)');
  expect(await frameMark(p)).toBe('still here');
  expect(documents.length).toBe(loadsBefore);

  // a code-editor save: the same
  await pane.getByRole('tab', { name: 'Code' }).click();
  await pane.getByRole('tree', { name: 'App files' }).getByText('App.tsx').click();
  const editor = pane.locator('.cm-content');
  await expect(editor).toContainText('Second draft', { timeout: 20_000 });
  await editor.click();
  await p.keyboard.press('ControlOrMeta+A');
  await p.keyboard.insertText(app('Typed by hand', 'text-sky-700 underline'));
  await expect(pane.getByRole('status')).toHaveText('Unsaved changes');
  await expect(pane.getByRole('status')).toHaveText('All changes saved', { timeout: 15_000 });
  await pane.getByRole('tab', { name: 'Preview' }).click();
  const typed = preview.getByRole('heading', { name: 'Typed by hand' });
  await expect(typed).toBeVisible({ timeout: 20_000 });
  await expect(typed).toHaveCSS('color', 'oklch(0.5 0.134 242.749)');
  await expect(typed).toHaveCSS('text-decoration-line', 'underline');
  expect(await frameMark(p)).toBe('still here');
  expect(documents.length).toBe(loadsBefore);

  // a package of another shared group (motion): the frame cannot take it in place, so it loads again
  await llm.enqueue([
    {
      text: 'Adding motion.',
      toolCalls: [
        {
          name: 'edit_file',
          arguments: {
            path: 'src/App.tsx',
            content: app('Moving draft', 'text-violet-700', {
              imports: 'import { motion } from "framer-motion";\n',
              wrap: 'motion.h1',
            }),
          },
        },
      ],
    },
    { text: 'It moves now.' },
  ]);
  await ask('Animate the title', 'It moves now.');
  const moving = preview.getByRole('heading', { name: 'Moving draft' });
  await expect(moving).toBeVisible({ timeout: 20_000 });
  await expect(moving).toHaveCSS('color', 'oklch(0.491 0.27 292.581)');
  await expect.poll(() => frameMark(p)).toBeNull();
  expect(documents.length).toBe(loadsBefore + 1);
});
