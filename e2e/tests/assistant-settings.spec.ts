import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { chatMessages } from '../../packages/domain/src/reach';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { adminSetPlan } from '../support/admin';
import { signUpVerified } from '../support/auth';
import { activateAndPublish, builderPanel, newTool, openPanel, tokenOf } from '../support/builder';
import { BASE_URL, LLM_URL, PORT, uniqueEmail } from '../support/env';
import { screenshot } from '../support/screens';

const llm = fakeLlmControl(LLM_URL);

/** Another site (`localhost` is another site than the product's `127.0.0.1`) with the widget's snippet. */
const SITE_PORT = PORT + 16;
const SITE = `http://localhost:${SITE_PORT}`;

async function serveSite(appId: string) {
  const server = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html><head><title>Tea shop</title></head><body><h1>Tea shop</h1>` +
        `<script src="${BASE_URL}/embed.js" data-app="${appId}" async></script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(SITE_PORT, '127.0.0.1', resolve));
  expect((server.address() as AddressInfo).port).toBe(SITE_PORT);
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('a builder shapes the assistant with a live preview, tests retrieval, and a user starts with a starter question and reads a cited answer', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await llm.reset();
  const email = uniqueEmail('shape');
  await signUpVerified(page, email, 'a long passphrase');
  await adminSetPlan(email, 'explorer');
  await page.reload();

  const builder = await newTool(page);
  await openPanel(builder, /Tool texts/);
  await builder.getByLabel('Header', { exact: true }).fill('Tea shop');
  await builder.getByRole('button', { name: 'Done' }).click();
  await activateAndPublish(page, builder);
  const appId = page.url().split('/build/app/')[1]!.split('/')[0]!;

  // App chat → turn it on, then shape it
  await openPanel(builder, /App chat/);
  const dialog = page.getByRole('dialog', { name: chatMessages.activateTitle });
  await dialog.getByRole('switch', { name: 'Chat assistant' }).click();
  await expect(dialog.getByText('Active', { exact: true })).toBeVisible();

  await dialog.getByRole('tab', { name: 'Behaviour' }).click();
  await dialog
    .getByLabel('Instructions')
    .fill('You are Mina, a calm tea sommelier. Answer in two sentences. Never give medical advice.');
  await dialog.getByLabel('Welcome message').fill('Welcome! Ask me about our teas and prices.');
  const preview = dialog.getByTestId('widget-preview');
  await expect(preview.getByText('Welcome! Ask me about our teas and prices.')).toBeVisible();
  for (const [i, question] of ['How much is a pot of oolong?', 'When do you open?'].entries()) {
    await dialog.getByRole('button', { name: 'Add a starter question' }).click();
    await dialog.getByRole('textbox', { name: `Starter question ${i + 1}` }).fill(question);
  }
  await expect(preview.getByText('How much is a pot of oolong?')).toBeVisible();

  await dialog.getByRole('tab', { name: 'Widget' }).click();
  await dialog.getByRole('button', { name: 'Bottom left' }).click();
  await dialog.getByRole('button', { name: 'Sparkles' }).click();
  await dialog.getByLabel('Greeting bubble').fill('Questions about tea?');
  await expect(preview.getByTestId('widget-preview-bubble')).toHaveAttribute('data-position', 'bottom-left');
  await preview.getByRole('button', { name: 'Closed' }).click();
  await expect(preview.getByTestId('widget-preview-greeting')).toHaveText('Questions about tea?');
  await preview.getByRole('button', { name: 'Open' }).click();
  await screenshot(page, 'assistant-settings-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole('tab', { name: 'Behaviour' }).click();
  await screenshot(page, 'assistant-settings-390');
  await preview.scrollIntoViewIfNeeded();
  await expect(preview.getByTestId('widget-preview-panel')).toBeVisible();
  await screenshot(page, 'assistant-settings-390-preview');
  await page.setViewportSize({ width: 1280, height: 800 });

  // saved through the autosave: the end user's page reads them on its next load
  await expect
    .poll(async () => await (await page.request.get(`${BASE_URL}/api/apps/${appId}/assistant/info`)).json())
    .toMatchObject({
      welcomeMessage: 'Welcome! Ask me about our teas and prices.',
      starters: ['How much is a pot of oolong?', 'When do you open?'],
      widget: { position: 'bottom-left', icon: 'sparkles', greeting: 'Questions about tea?' },
    });

  // its data, and what retrieval finds in it before anyone asks
  await dialog.getByRole('tab', { name: 'Set up' }).click();
  await dialog.getByRole('link', { name: 'Data sources' }).click();
  const chatBuilder = builderPanel(page);
  await openPanel(chatBuilder, /Data sources/);
  await chatBuilder.getByRole('button', { name: 'Add data' }).first().click();
  let data = page.getByRole('dialog', { name: 'Data Sources' });
  await data
    .getByLabel('Text', { exact: true })
    .fill('Price list: a pot of oolong costs four euros; a pot of sencha costs three euros.');
  await data.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(data).toBeHidden();
  const list = chatBuilder.getByRole('list', { name: 'Data sources' });
  await expect(list.getByRole('listitem').first()).toContainText('Synced', { timeout: 30_000 });
  await chatBuilder.getByRole('button', { name: 'Add data' }).first().click();
  data = page.getByRole('dialog', { name: 'Data Sources' });
  const retrieval = data.getByRole('region', { name: 'Test retrieval' });
  await retrieval.getByLabel('Test question').fill('oolong price');
  await retrieval.getByRole('button', { name: 'Test' }).click();
  const fulltext = retrieval.getByRole('region', { name: 'Full text results' });
  await expect(fulltext.getByText(/a pot of oolong costs four euros/)).toBeVisible();
  await expect(fulltext.getByTitle('Score')).toHaveText(/^\d/);
  await retrieval.scrollIntoViewIfNeeded();
  await screenshot(page, 'assistant-test-retrieval');
  await data.getByRole('button', { name: 'Cancel' }).click();

  // the end user's chat page: the welcome, the starters, and a cited answer
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    // the phone taps (a touch screen), the desktop hovers
    const touch = viewport.width < 500;
    const reader = await browser.newContext({ viewport, hasTouch: touch });
    try {
      const chat = await reader.newPage();
      await chat.goto(`${BASE_URL}/app/${appId}/chat`);
      await expect(chat.getByText('Welcome! Ask me about our teas and prices.')).toBeVisible();
      const starters = chat.getByRole('list', { name: 'Suggested questions' });
      await llm.enqueue({ text: 'A pot of oolong costs **four euros**.' });
      await starters.getByRole('button', { name: 'How much is a pot of oolong?' }).click();
      await expect(chat.getByText('four euros', { exact: true })).toBeVisible();
      const sources = chat.getByRole('list', { name: 'Sources' });
      const chip = sources.getByRole('button', { name: /Text \d{4}-\d{2}-\d{2}/ });
      await expect(chip).toBeVisible();
      // hover (or tap) shows the passage the answer drew on
      if (touch) await chip.tap();
      else await chip.hover();
      await expect(chat.getByRole('dialog').getByText(/a pot of oolong costs four euros/)).toBeVisible();
      await screenshot(chat, `assistant-cited-answer-${viewport.width}`);
      // the builder's instructions reached the model
      expect(JSON.stringify((await llm.requests()).at(-1)?.body)).toContain('You are Mina');
    } finally {
      await reader.close();
    }
  }

  // the widget on a site: bottom left, with its greeting
  const site = await serveSite(appId);
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const shop = await visitor.newPage();
    await shop.goto(SITE);
    const widget = shop.locator('[data-buildai-widget]');
    await expect(widget.getByText('Questions about tea?')).toBeVisible();
    const bubble = widget.getByRole('button', { name: /^Chat with / });
    const box = await bubble.boundingBox();
    expect(box!.x).toBeLessThan(100);
    await bubble.click();
    const frame = shop.frameLocator('iframe[title^="Chat with "]');
    await expect(frame.getByRole('button', { name: 'When do you open?' })).toBeVisible();
    await expect(widget.getByText('Questions about tea?')).toBeHidden();
    await screenshot(shop, 'assistant-widget-shaped');

    // open on load: the chat opens by itself on a wide screen, and waits for a tap on a phone
    await dialogSettings(page, appId, { openOnLoad: true });
    await shop.reload();
    await expect(shop.locator('iframe[title^="Chat with "]')).toBeVisible();
    const phone = await visitor.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(SITE);
    await expect(
      phone.locator('[data-buildai-widget]').getByRole('button', { name: /^Chat with / }),
    ).toBeVisible();
    await expect(phone.locator('iframe[title^="Chat with "]')).toHaveCount(0);
  } finally {
    await visitor.close();
    await site.close();
  }
});

/** Changes the widget's settings as the dialog's autosave would, keeping the rest of the assistant's settings. */
async function dialogSettings(page: Page, appId: string, widget: Record<string, unknown>) {
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const app = (await (await page.request.get(`${BASE_URL}/api/apps/${appId}`, { headers })).json()) as {
    appSettings: { assistantSettings: { widget: Record<string, unknown> } };
  };
  const assistantSettings = app.appSettings.assistantSettings;
  const res = await page.request.post(`${BASE_URL}/api/apps/${appId}/settings`, {
    headers,
    data: {
      appSettings: {
        assistantSettings: { ...assistantSettings, widget: { ...assistantSettings.widget, ...widget } },
      },
    },
  });
  expect(res.status()).toBe(200);
}
