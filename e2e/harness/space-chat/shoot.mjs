// Drives the harness page through a real chat against the e2e server and the fake model, and saves screenshots
// in .artifacts/space-chat/. Run: node harness/space-chat/shoot.mjs (from e2e/, with the server, the fake model and
// the harness's vite dev server running; see the harness's vite.config.ts).
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const HARNESS = process.env.HARNESS_URL ?? 'http://127.0.0.1:4565';
const LLM = process.env.LLM_URL ?? 'http://127.0.0.1:4552';
const out = '.artifacts/space-chat';
mkdirSync(out, { recursive: true });

const enqueue = (replies) =>
  fetch(`${LLM}/__fake/enqueue`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(replies),
  });

const about = `export default function About() {\n  return (\n    <main className="p-8">\n      <h1>About us</h1>\n      <p>We bake bread.</p>\n    </main>\n  );\n}\n`;
await fetch(`${LLM}/__fake/reset`, { method: 'POST' });
await enqueue([
  {
    toolCalls: [
      { name: 'add_file', arguments: { path: 'pages/About.tsx', content: about }, argumentChunks: 6 },
    ],
    delayMs: 250,
  },
  { text: 'I added an **About** page with a heading and a short paragraph.', delayMs: 60 },
]);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
const shot = (name) => page.screenshot({ path: `${out}/${name}.png` });
await page.goto(`${HARNESS}/?admin=1`);
await page.getByText('Start a conversation').waitFor();
await shot('01-empty');

await page.getByRole('textbox', { name: 'Message' }).fill('Add an About page');
await page.keyboard.press('Enter');
await page.getByText('Thinking...').waitFor();
await shot('02-thinking');
await page.getByRole('list', { name: 'Changes' }).waitFor();
await shot('03-streaming');
await page.getByRole('button', { name: 'rate this' }).waitFor({ timeout: 20000 });
await page.waitForTimeout(500);
await shot('04-answered');
console.log('files changed', await page.getByTestId('changes').textContent());

// a turn cut off for length
await enqueue([
  {
    toolCalls: [
      { name: 'edit_file', arguments: { path: 'pages/Home.tsx', content: about.repeat(3) }, cutAt: 80 },
    ],
  },
]);
await page.getByRole('textbox', { name: 'Message' }).fill('Rewrite the home page');
await page.keyboard.press('Enter');
await page.getByText('The output was too long for one iteration').waitFor({ timeout: 20000 });
await page.waitForTimeout(500);
await shot('05-truncated');

// the issues panel
await page.getByRole('button', { name: 'Report an app error' }).click();
await page.waitForTimeout(300);
await shot('06-issues-pill');
await page.getByRole('button', { name: '1 issue' }).click();
await page.getByRole('button', { name: 'Report an app error' }).click();
await page.waitForTimeout(300);
await shot('07-issues-panel');
await page.getByRole('button', { name: 'Minimise' }).click();

// dialogs
await page.getByRole('button', { name: 'rate this' }).first().click();
await page.getByRole('radio', { name: '2 out of 5' }).click();
await page.getByRole('button', { name: 'Design looks poor' }).click();
await shot('08-rating');
await page.keyboard.press('Escape');
await page
  .getByRole('button', { name: /Context Files/ })
  .first()
  .click();
await page.waitForTimeout(300);
await shot('09-context');
await page.keyboard.press('Escape');
await page.getByRole('button', { name: 'All Changes' }).first().click();
await page.getByRole('region', { name: 'pages/About.tsx' }).waitFor({ timeout: 10000 });
await shot('10-diff');
await page.keyboard.press('Escape');

// reload: the same chat from the server
await page.reload();
await page.getByText('Add an About page').waitFor();
await page.waitForTimeout(800);
await shot('11-reloaded');
// revert to the first turn: the later messages go
await page.getByRole('button', { name: 'Revert' }).first().click();
await page.getByRole('alertdialog').getByRole('button', { name: 'Revert' }).click();
await page.getByText('Rewrite the home page').waitFor({ state: 'detached', timeout: 10000 });
await page.waitForTimeout(300);
await shot('12-reverted');
console.log('files changed after revert', await page.getByTestId('changes').textContent());
// a reload while the server still runs the turn: the panel reads it again until it is recorded
await enqueue([
  {
    toolCalls: [
      { name: 'add_file', arguments: { path: 'pages/Team.tsx', content: about }, argumentChunks: 12 },
    ],
    delayMs: 400,
  },
  { text: 'Added a Team page.', delayMs: 50 },
]);
await page.getByRole('textbox', { name: 'Message' }).fill('Add a Team page');
await page.keyboard.press('Enter');
await page.getByText('Thinking...').waitFor();
await page.waitForTimeout(1500);
await page.reload();
await page.getByText('Add a Team page').waitFor();
await shot('13-reloaded-mid-turn');
await page.getByText('Added a Team page.').waitFor({ timeout: 20000 });
await shot('14-recorded-after-reload');
console.log('files changed after the reload', await page.getByTestId('changes').textContent());
await page.setViewportSize({ width: 420, height: 800 });
await page.waitForTimeout(300);
await shot('15-narrow');
await browser.close();
console.log('done');
