import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chatMessages } from '../../packages/domain/src/reach';
import { spaceTexts } from '../../packages/domain/src/space-apps';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { adminIdToken, adminSetPlan } from '../support/admin';
import { signUpVerified } from '../support/auth';
import { activateAndPublish, newSpaceApp, newTool, openPanel, tokenOf } from '../support/builder';
import { BASE_URL, LLM_URL, PORT, uniqueEmail } from '../support/env';
import { screenshot } from '../support/screens';

// Issue 32: what builders and visitors hit in the space chat, its versions, the space app's frame and the widget.

const llm = fakeLlmControl(LLM_URL);

async function api(path: string, token: string, init: { method: string; json?: unknown }) {
  return fetch(`${BASE_URL}${path}`, {
    method: init.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

const habit = (read: string, write: string) => ({
  type: 'object',
  properties: { name: { type: 'string' } },
  'x-accessControl': { permissions: { read, write } },
});

/** Sends one chat message and waits until the assistant's turn is over (its closing words, the box free again). */
async function ask(chat: Locator, text: string, done: string) {
  const input = chat.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
  await expect(chat.getByText(done).last()).toBeVisible({ timeout: 30_000 });
  await expect(chat.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 30_000 });
}

/** Whether anything in the chat's message list is wider than its column (a sideways scroll). */
async function overflowsSideways(page: Page): Promise<boolean> {
  return page.getByRole('list', { name: 'Messages' }).evaluate((list) => {
    const scroller = list.closest('.overflow-y-auto') as HTMLElement;
    return scroller.scrollWidth > scroller.clientWidth || list.scrollWidth > list.clientWidth + 1;
  });
}

test('a fix message folds its errors and fits the column; the history panel diffs and restores; a revert names every access change', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await llm.reset();
  await page.setViewportSize({ width: 1280, height: 860 });
  await signUpVerified(page, uniqueEmail('fixchat'), 'a long passphrase');
  const appId = await newSpaceApp(page);
  const chat = page.getByRole('region', { name: 'App Chat' });

  // two turns: habits anyone may read, then private ones
  await llm.enqueue([
    {
      toolCalls: [{ name: 'add_entity', arguments: { name: 'Habit', schema: habit('anonymous', 'admin') } }],
    },
    { text: 'Habits are in.' },
  ]);
  await ask(chat, 'Keep a list of habits anyone can read', 'Habits are in.');
  await llm.enqueue([
    {
      toolCalls: [{ name: 'edit_entity', arguments: { name: 'Habit', schema: habit('creator', 'creator') } }],
    },
    { text: 'Only their creator sees them now.' },
  ]);
  await ask(chat, 'Make habits private', 'Only their creator sees them now.');

  // 'Resolve with AI' as the issues panel sends it: a stack trace whose URLs carry the preview token, unbroken
  const token = await tokenOf(page);
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhcHAifQ.' + 'c2lnbmF0dXJl'.repeat(12);
  const frame = `http://127.0.0.1:${PORT + 1}/apps/${appId}/preview/bundle.js?token=${jwt}`;
  const trace = Array.from({ length: 6 }, (_, i) => `    at Component${i} (${frame}:${i + 10}:7)`).join('\n');
  await llm.enqueue({ text: 'I fixed the undefined habit list.' });
  const fix = await api(`/api/apps/${appId}/chat`, token, {
    method: 'POST',
    json: {
      message: {
        role: 'user',
        parts: [
          {
            type: 'text',
            text: `Please fix the following errors in my app:\n\n1. habits is undefined (in Home)\n\`\`\`\nTypeError: habits is undefined\n${trace}\n\`\`\``,
          },
        ],
        metadata: { systemActionInfo: { type: 'fix' } },
      },
    },
  });
  expect(fix.status).toBe(200);
  await fix.text();
  await page.reload();
  await expect(chat.getByText('I fixed the undefined habit list.')).toBeVisible();

  // the fix message: a notice with its details folded, no token, nothing wider than the column
  await expect(chat.getByText(spaceTexts.fixNotice)).toBeVisible();
  await expect(chat.getByText(/habits is undefined/)).toHaveCount(0);
  expect(await overflowsSideways(page)).toBe(false);
  await screenshot(page, 'fixchat-fix-message-1280');
  await chat.getByRole('button', { name: spaceTexts.showDetails }).click();
  await expect(chat.getByText(/token=\[redacted\]/)).toBeVisible();
  await expect(chat.getByText(new RegExp(jwt.slice(0, 30)))).toHaveCount(0);
  expect(await overflowsSideways(page)).toBe(false);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflowsSideways(page)).toBe(false);
  await screenshot(page, 'fixchat-fix-message-390');
  await page.setViewportSize({ width: 1280, height: 860 });

  // the history: the kept versions with request, time and files changed
  await chat.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'Version history' });
  const rows = history.getByRole('listitem', { name: /^Version of/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Make habits private');
  await expect(rows.nth(0)).toContainText('1 file changed');
  await expect(rows.nth(0)).toContainText('entities/Habit.json');
  await expect(rows.nth(1)).toContainText('Keep a list of habits anyone can read');
  await screenshot(page, 'fixchat-history-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'fixchat-history-390');
  await page.setViewportSize({ width: 1280, height: 860 });
  await rows.nth(0).getByRole('button', { name: spaceTexts.allChanges }).click();
  const diff = page.getByRole('dialog', { name: spaceTexts.allChanges });
  await expect(diff.getByText('entities/Habit.json')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(diff).toBeHidden();

  // restoring the first version names the access change before anything changes
  await rows.nth(1).getByRole('button', { name: 'Restore' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revert to this point?' });
  const changes = confirm.getByRole('group', { name: 'Data access changes' });
  await expect(changes).toContainText('Habit: Creator Only → Anonymous Read, Admin Write');
  // nothing changed yet: the entity is still its creator's only
  const entities = async () =>
    JSON.stringify(await (await api(`/api/apps/${appId}/entities`, token, { method: 'GET' })).json());
  expect(await entities()).toContain('"read":"creator"');
  await screenshot(page, 'fixchat-revert-access-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'fixchat-revert-access-390');
  await page.setViewportSize({ width: 1280, height: 860 });
  await confirm.getByRole('button', { name: 'Revert' }).click();
  await expect(confirm).toBeHidden();
  await expect(chat.getByText('Only their creator sees them now.')).toHaveCount(0);
  await expect(chat.getByText('Habits are in.')).toBeVisible();
  expect(await entities()).toContain('"read":"anonymous"');
});

const SIGN_OUT_PAGE = `import { useEffect, useState } from 'react';
import { auth } from '@buildai/app-sdk';

export default function Home() {
  const [atLoad, setAtLoad] = useState('pending');
  const [onClick, setOnClick] = useState('not clicked');
  useEffect(() => {
    auth.signOut().then(
      () => setAtLoad('signed out'),
      (e) => setAtLoad('refused: ' + ((e && e.code) || String(e))),
    );
    window.parent.postMessage({ source: 'buildai-app', type: 'navigate', page: '../../settings', search: '' }, '*');
    window.parent.postMessage({ source: 'buildai-app', type: 'navigate', page: 'a/%2e%2e/%2e%2e/build', search: '' }, '*');
  }, []);
  return (
    <main>
      <h1>Sign-out check</h1>
      <p data-result="load">{atLoad}</p>
      <button onClick={() => auth.signOut().then(() => setOnClick('signed out'), (e) => setOnClick('refused: ' + String(e)))}>
        Sign out
      </button>
      <p data-result="click">{onClick}</p>
    </main>
  );
}
`;

test('a space app cannot sign out whoever opens it, nor move the address bar off its pages; a click in it can sign out (item 21)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await adminIdToken();
  const created = await api('/api/apps/new', token, { method: 'POST', json: { kind: 'space' } });
  const { appId } = (await created.json()) as { appId: string };
  const saved = await api(`/api/apps/${appId}/files/pages/Home.tsx`, token, {
    method: 'PUT',
    json: { content: SIGN_OUT_PAGE },
  });
  expect(saved.status).toBe(200);
  expect((await api(`/api/apps/${appId}/publish`, token, { method: 'POST' })).status).toBe(200);

  // the app's owner, signed in to the product, opens it
  await page.context().addCookies([{ name: 'buildai_token', value: token, url: BASE_URL }]);
  const signOuts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/auth/signOut')) signOuts.push(r.url());
  });
  await page.goto(`${BASE_URL}/app/${appId}`);
  // Chromium gives a page opened from the address bar activation of its own: the app must not ride on it
  expect(
    await page.evaluate(
      () => (navigator as unknown as { userActivation: { isActive: boolean } }).userActivation.isActive,
    ),
  ).toBe(true);
  const frame = page.frameLocator('iframe[title]');
  await expect(frame.getByRole('heading', { name: 'Sign-out check' })).toBeVisible();
  await expect(frame.locator('[data-result="load"]')).toHaveText('refused: bridge/needs-gesture');
  expect(signOuts).toEqual([]);
  // still signed in, still on the app's page
  expect((await page.context().cookies()).some((c) => c.name === 'buildai_token')).toBe(true);
  expect(page.url()).toBe(`${BASE_URL}/app/${appId}`);

  // a real click in the app is the visitor's own gesture: the sign-out goes through
  await frame.getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(() => signOuts.length).toBe(1);
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === 'buildai_token'))
    .toBe(false);
  expect(page.url()).toBe(`${BASE_URL}/app/${appId}`);
});

/** Serves one page of a site with `snippet` pasted before `</body>`. */
async function serveSite(port: number, snippet: string) {
  const server = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Other shop</title></head>` +
        `<body style="font-family: sans-serif; margin: 2rem"><h1>Other shop</h1><p>Hats and gloves.</p>${snippet}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  expect((server.address() as AddressInfo).port).toBe(port);
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('the widget on a site that is not allowed shows nothing and tells the site’s builder why (item 13)', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('widget-not-allowed');
  await signUpVerified(page, email, 'a long passphrase');
  await adminSetPlan(email, 'explorer');
  await page.reload();
  const builder = await newTool(page);
  await openPanel(builder, /Tool texts/);
  await builder.getByLabel('Header', { exact: true }).fill('Acme hats');
  await builder.getByRole('button', { name: 'Done' }).click();
  await activateAndPublish(page, builder);
  const appId = page.url().split('/build/app/')[1]!.split('/')[0]!;
  await openPanel(builder, /App chat/);
  const dialog = page.getByRole('dialog', { name: chatMessages.activateTitle });
  await dialog.getByRole('switch').click();
  await expect(dialog.getByText('Active', { exact: true })).toBeVisible();
  // one site is allowed; the visitor is on another
  const allowed = `http://localhost:${PORT + 16}`;
  await dialog.getByPlaceholder('https://example.com').fill(`${allowed}/`);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect
    .poll(
      async () => (await page.request.get(`${BASE_URL}/embed/${appId}`)).headers()['content-security-policy'],
    )
    .toContain(`frame-ancestors 'self' ${allowed};`);

  const otherPort = PORT + 17;
  const site = await serveSite(
    otherPort,
    `<script src="${BASE_URL}/embed.js" data-app="${appId}" async></script>`,
  );
  const visitor = await browser.newContext();
  try {
    const shop = await visitor.newPage();
    const warnings: string[] = [];
    shop.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await shop.goto(`http://localhost:${otherPort}`);
    await expect
      .poll(() => warnings.join('\n'))
      .toContain(`BuildAI: this site (http://localhost:${otherPort}) is not one of the sites allowed`);
    await expect(shop.locator('[data-buildai-widget]').getByRole('button')).toHaveCount(0);
    await expect(shop.locator('iframe')).toHaveCount(0);
    await screenshot(shop, 'fixchat-widget-not-allowed-1280');
    await shop.setViewportSize({ width: 390, height: 844 });
    await expect(shop.locator('iframe')).toHaveCount(0);
    await screenshot(shop, 'fixchat-widget-not-allowed-390');
  } finally {
    await visitor.close();
    await site.close();
  }
});

/** A 2×2 PNG (red), big enough to have a size once loaded. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

const PHOTOS_PAGE = `import { useEffect, useState } from 'react';
import { entities } from '@buildai/app-sdk';

export default function Home() {
  const [photos, setPhotos] = useState<{ id: string; title: string; image: string }[]>([]);
  useEffect(() => {
    entities.Photo.list().then((list) => setPhotos(list as unknown as { id: string; title: string; image: string }[]));
  }, []);
  return (
    <main>
      <h1>Photos</h1>
      {photos.map((p) => (
        <figure key={p.id}>
          <img src={p.image} alt={p.title} width={64} height={64} />
          <figcaption>{p.title}</figcaption>
        </figure>
      ))}
    </main>
  );
}
`;

test('an image uploaded to an image cell shows inside the app (item 7)', async ({ browser }) => {
  test.setTimeout(120_000);
  const token = await adminIdToken();
  const created = await api('/api/apps/new', token, { method: 'POST', json: { kind: 'space' } });
  const { appId } = (await created.json()) as { appId: string };
  const entity = await api(`/api/apps/${appId}/entities/Photo`, token, {
    method: 'PUT',
    json: {
      schema: {
        type: 'object',
        properties: { title: { type: 'string' }, image: { type: 'string' } },
        'x-accessControl': { permissions: { read: 'anonymous', write: 'admin' } },
      },
    },
  });
  expect(entity.status).toBeLessThan(300);
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'red.png');
  const upload = await fetch(`${BASE_URL}/api/apps/${appId}/images?kind=data`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(upload.status).toBe(200);
  const { url } = (await upload.json()) as { url: string };
  expect(url).toMatch(/^\/api\/files\//);
  const record = await api(`/api/apps/${appId}/entities/Photo/records`, token, {
    method: 'POST',
    json: { title: 'Red square', image: url },
  });
  expect(record.status).toBe(201);
  const saved = await api(`/api/apps/${appId}/files/pages/Home.tsx`, token, {
    method: 'PUT',
    json: { content: PHOTOS_PAGE },
  });
  expect(saved.status).toBe(200);
  expect((await api(`/api/apps/${appId}/publish`, token, { method: 'POST' })).status).toBe(200);

  // an anonymous visitor: the image loads in the sandboxed frame
  const visitor = await browser.newContext();
  try {
    const tab = await visitor.newPage();
    await tab.goto(`${BASE_URL}/app/${appId}`);
    const image = tab.frameLocator('iframe[title]').getByRole('img', { name: 'Red square' });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(2);
  } finally {
    await visitor.close();
  }
});
