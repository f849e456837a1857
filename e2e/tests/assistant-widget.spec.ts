import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { chatMessages } from '../../packages/domain/src/reach';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { adminSetPlan } from '../support/admin';
import { signUpVerified } from '../support/auth';
import { activateAndPublish, builderPanel, newTool, openPanel, tokenOf } from '../support/builder';
import { BASE_URL, LLM_URL, PORT, uniqueEmail } from '../support/env';
import { screenshot } from '../support/screens';

const llm = fakeLlmControl(LLM_URL);

/** Another site: `localhost` is another site than the product's `127.0.0.1`, so the widget's frame is third-party. */
const SITE_PORT = PORT + 15;
const SITE = `http://localhost:${SITE_PORT}`;

/** Serves one page of "another site" with `snippet` pasted before `</body>`. */
async function serveSite(snippet: string) {
  const server = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html><head><title>Acme shop</title></head><body>` +
        `<h1>Acme shop</h1><p>Jackets, boots and scarves.</p>${snippet}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(SITE_PORT, '127.0.0.1', resolve));
  expect((server.address() as AddressInfo).port).toBe(SITE_PORT);
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('a builder activates the assistant, gives it a data source and puts the widget on a site; a visitor’s question in the bubble is answered from that data', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(150_000);
  await llm.reset();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const email = uniqueEmail('assistant');
  await signUpVerified(page, email, 'a long passphrase');
  await adminSetPlan(email, 'explorer');
  await page.reload();

  // a published tool app
  const builder = await newTool(page);
  await openPanel(builder, /Tool texts/);
  await builder.getByLabel('Header', { exact: true }).fill('Acme help desk');
  await builder.getByRole('button', { name: 'Done' }).click();
  await activateAndPublish(page, builder);
  const appId = page.url().split('/build/app/')[1]!.split('/')[0]!;

  // App chat → Activate Your Chat Assistant
  await openPanel(builder, /App chat/);
  const dialog = page.getByRole('dialog', { name: chatMessages.activateTitle });
  await dialog.getByRole('switch').click();
  await expect(dialog.getByRole('switch')).toBeChecked();
  await expect(dialog.getByText('Active', { exact: true })).toBeVisible();

  // only the site may show the widget
  await dialog.getByPlaceholder('https://example.com').fill(`${SITE}/`);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('list', { name: 'Allowed sites' })).toContainText(SITE);

  // the snippet, through the clipboard
  await dialog.getByRole('button', { name: 'Copy widget snippet' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  expect(snippet).toBe(`<script src="${BASE_URL}/embed.js" data-app="${appId}" async></script>`);
  await screenshot(page, 'assistant-activate-dialog');

  // the list is saved with the settings (autosave): the frame's policy then names the site (and the product)
  await expect
    .poll(
      async () => (await page.request.get(`${BASE_URL}/embed/${appId}`)).headers()['content-security-policy'],
    )
    .toContain(`frame-ancestors 'self' ${SITE};`);
  const frameDoc = await page.request.get(`${BASE_URL}/embed/${appId}`);
  expect(frameDoc.headers()['x-frame-options']).toBeUndefined();

  // the assistant's own data: a fact only it knows
  await dialog.getByRole('link', { name: 'Data sources' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/build/app/${appId}(/|$)`));
  const chatBuilder = builderPanel(page);
  await openPanel(chatBuilder, /Data sources/);
  await chatBuilder.getByRole('button', { name: 'Add data' }).first().click();
  const data = page.getByRole('dialog', { name: 'Data Sources' });
  await data
    .getByLabel('Text', { exact: true })
    .fill('Returns policy: jackets may be returned within 45 days of delivery, with the label QZ-RETURN-88.');
  await data.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(data).toBeHidden();
  const list = chatBuilder.getByRole('list', { name: 'Data sources' });
  await expect(list.getByRole('listitem').first()).toContainText('Synced', { timeout: 30_000 });

  // a visitor on the other site
  const site = await serveSite(snippet);
  const visitor = await browser.newContext();
  try {
    const shop = await visitor.newPage();
    await shop.goto(SITE);
    const bubble = shop.locator('[data-buildai-widget]').getByRole('button', { name: /^Chat with / });
    await expect(bubble).toBeVisible();
    await bubble.click();
    const frame = shop.frameLocator('iframe[title^="Chat with "]');
    await expect(frame.getByLabel('Message')).toBeVisible();

    await llm.enqueue({ text: 'You can return a jacket within **45 days** of delivery.' });
    await frame.getByLabel('Message').fill('How long do I have to return a jacket?');
    await frame.getByRole('button', { name: 'Send' }).click();
    await expect(frame.getByText('How long do I have to return a jacket?')).toBeVisible();
    await expect(frame.getByText('45 days')).toBeVisible();
    await expect(frame.getByText('45 days')).toHaveJSProperty('tagName', 'STRONG');

    // the data reached the model's prompt, with the question
    const asked = JSON.stringify((await llm.requests()).at(-1)?.body);
    expect(asked).toContain('QZ-RETURN-88');
    expect(asked).toContain('How long do I have to return a jacket?');
    await screenshot(shop, 'assistant-widget-answered');

    // the visitor comes back: the frame keeps who they are, and their conversation
    await shop.reload();
    await shop
      .locator('[data-buildai-widget]')
      .getByRole('button', { name: /^Chat with / })
      .click();
    await expect(shop.frameLocator('iframe[title^="Chat with "]').getByText('45 days')).toBeVisible();

    // Close inside the frame closes the bubble's panel
    await shop
      .frameLocator('iframe[title^="Chat with "]')
      .getByRole('button', { name: 'Close chat' })
      .click();
    await expect(shop.locator('iframe[title^="Chat with "]')).toBeHidden();
  } finally {
    await visitor.close();
    await site.close();
  }

  // the app's own chat page, on a phone, with user signup on: the account corner sits at the top right
  const settings = await page.request.post(`${BASE_URL}/api/apps/${appId}/settings`, {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    data: {
      appSettings: {
        isSignupEnabled: true,
        termsOfServiceLink: 'https://example.com/terms',
        privacyPolicyLink: 'https://example.com/privacy',
        supportEmail: 'support@example.com',
      },
    },
  });
  expect(settings.status()).toBe(200);
  const reader = await browser.newContext({ viewport: { width: 390, height: 780 } });
  try {
    const chatPage = await reader.newPage();
    await chatPage.goto(`${BASE_URL}/app/${appId}/chat`);
    await expect(chatPage.getByRole('heading', { level: 1, name: 'Acme help desk' })).toBeVisible();
    await expect(chatPage.getByLabel('Message')).toBeVisible();
    await screenshot(chatPage, 'assistant-chat-page-phone');
    await llm.enqueue({ text: 'Use the label QZ-RETURN-88 on the parcel.' });
    await chatPage.getByLabel('Message').fill('Which label do I use?');
    await chatPage.getByRole('button', { name: 'Send' }).click();
    await expect(chatPage.getByText('Use the label QZ-RETURN-88 on the parcel.')).toBeVisible();
    // the page's visitor (by cookie) finds it again after a reload
    await chatPage.reload();
    await expect(chatPage.getByText('Use the label QZ-RETURN-88 on the parcel.')).toBeVisible();
    // the header's New conversation stays clear of the corner's Sign in and Sign up
    const corner = await chatPage.getByRole('navigation', { name: 'Account' }).boundingBox();
    const newConversation = await chatPage.getByRole('button', { name: 'New conversation' }).boundingBox();
    expect(corner).not.toBeNull();
    expect(newConversation!.x + newConversation!.width).toBeLessThanOrEqual(corner!.x);
    await screenshot(chatPage, 'assistant-chat-page-phone-signup');
  } finally {
    await reader.close();
  }

  // the turn counts for the app, from the widget
  const analytics = await page.request.get(`${BASE_URL}/api/apps/${appId}/analytics`, {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(analytics.status()).toBe(200);
  const { sources } = (await analytics.json()) as { sources: { source: string; runs: number }[] };
  expect(sources.find((s) => s.source === 'widget')?.runs).toBe(1);
  expect(sources.find((s) => s.source === 'web')?.runs).toBe(1);
});
