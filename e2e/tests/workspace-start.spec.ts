import { expect, test, type Locator, type Page } from '@playwright/test';
import type { EntitySchema } from '../../packages/domain/src/entities';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { signUpVerified } from '../support/auth';
import { tokenOf } from '../support/builder';
import { BASE_URL, LLM_URL, uniqueEmail } from '../support/env';
import { screenshot } from '../support/screens';

// Issue 32, items 8, 9 and 10: an app starts from one prompt box and is named from its first request; at 1280 px the
// preview and the code keep most of the width; a pending row's check and cross stay in view when the table scrolls
// sideways. Screenshots at 1280 and 390 px in e2e/.artifacts/screens/.

const llm = fakeLlmControl(LLM_URL);
const REQUEST = 'Build me a habit tracker with streaks. Each habit has a colour and a weekly goal.';

const widthOf = async (locator: Locator) => (await locator.boundingBox())!.width;

async function turnOver(chat: Locator) {
  await expect(chat.getByText('Your habit tracker is started.').last()).toBeVisible({ timeout: 30_000 });
  await expect(chat.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 30_000 });
}

test('one prompt box starts an app named from its request; the preview and the code keep the room', async ({
  page: p,
}) => {
  test.setTimeout(180_000);
  await llm.reset();
  await p.setViewportSize({ width: 1280, height: 800 });
  await signUpVerified(p, uniqueEmail('start'), 'a long passphrase');
  const box = p.getByLabel('Describe the app you want');
  await expect(box).toBeVisible();
  await expect(p.getByRole('radio', { name: 'Pages and data' })).toHaveAttribute('aria-checked', 'true');
  await screenshot(p, 'start-home-1280');

  await llm.enqueue([{ text: 'Your habit tracker is started.' }]);
  await box.fill(REQUEST);
  await p.getByRole('button', { name: 'Build the app' }).click();
  await expect(p).toHaveURL(/\/build\/app\/[^/]+$/);
  const chat = p.getByRole('region', { name: 'App Chat' });
  // the description is the chat's first request, sent once
  await expect(chat.getByText(REQUEST, { exact: true })).toHaveCount(1, { timeout: 30_000 });
  await turnOver(chat);
  // named from the request, in the header and, without a reload, in the sidebar's list of apps
  await expect(p.getByRole('heading', { level: 1, name: 'Habit tracker with streaks' })).toBeVisible();
  const sidebar = p.locator('[data-slot=sidebar]').first();
  await p.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
  await expect(sidebar.getByRole('link', { name: 'Habit tracker with streaks' })).toBeVisible();
  await p.getByRole('button', { name: 'Toggle Sidebar' }).first().click();

  // 1280 px: the product sidebar folded to icons, the chat beside the preview, which has at least 55% of the width
  const appPane = p.getByRole('region', { name: 'Your app' });
  await expect.poll(() => widthOf(appPane)).toBeGreaterThanOrEqual(0.55 * 1280);
  await screenshot(p, 'start-workspace-1280');

  // App details open: the code keeps its width (the panel takes the chat's place below 1536 px)
  await appPane.getByRole('tab', { name: 'Code' }).click();
  await p
    .getByRole('navigation', { name: 'App menu rail' })
    .getByRole('button', { name: 'App details' })
    .click();
  await expect(p.getByRole('complementary', { name: 'App menu' })).toBeVisible();
  const code = appPane.getByRole('tabpanel', { name: 'Code' });
  await expect.poll(() => widthOf(code)).toBeGreaterThanOrEqual(0.55 * 1280);
  await screenshot(p, 'start-workspace-details-code-1280');

  // the chat folds away and comes back
  await p.getByRole('button', { name: 'App menu' }).click();
  await p.getByRole('button', { name: 'Hide the chat' }).click();
  await expect(chat).toBeHidden();
  await expect.poll(() => widthOf(appPane)).toBeGreaterThanOrEqual(1280 - 200);
  await p.getByRole('button', { name: 'Show the chat' }).click();
  await expect(chat).toBeVisible();

  // 390 px: chat and app are tabs
  await p.setViewportSize({ width: 390, height: 844 });
  await expect(p.getByRole('tablist', { name: 'Workspace view' })).toBeVisible();
  await screenshot(p, 'start-workspace-390');
  await p.goto('/home');
  await expect(p.getByLabel('Describe the app you want')).toBeVisible();
  await screenshot(p, 'start-home-390');
});

const wide: EntitySchema = {
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: 14 }, (_, i) => [`column${i + 1}`, { type: 'string' }]),
  ) as EntitySchema['properties'],
  'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
};

async function newSpaceAppByApi(p: Page): Promise<string> {
  const res = await p.request.post(`${BASE_URL}/api/apps/new`, {
    headers: { authorization: `Bearer ${await tokenOf(p)}` },
    data: { kind: 'space' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { appId: string }).appId;
}

test("a new row's check and cross stay in view while the table scrolls sideways", async ({ page: p }) => {
  test.setTimeout(120_000);
  await p.setViewportSize({ width: 1280, height: 800 });
  await signUpVerified(p, uniqueEmail('sticky'), 'a long passphrase');
  const appId = await newSpaceAppByApi(p);
  const put = await p.request.put(`${BASE_URL}/api/apps/${appId}/entities/Wide`, {
    headers: { authorization: `Bearer ${await tokenOf(p)}` },
    data: { schema: wide },
  });
  expect(put.status()).toBe(201);
  await p.goto(`/build/app/${appId}`);
  await p
    .getByRole('navigation', { name: 'App menu rail' })
    .getByRole('button', { name: 'Database' })
    .click();
  const database = p.getByRole('region', { name: 'Database' });
  const grid = database.getByRole('grid', { name: 'Wide records' });
  await expect(grid).toBeVisible();
  await database.getByRole('button', { name: 'Add row' }).click();
  const scroller = database.getByTestId('data-table-scroller');
  await scroller.evaluate((el) => (el.scrollLeft = el.scrollWidth));
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(300);
  const view = (await scroller.boundingBox())!;
  for (const name of ['Save row', 'Discard row']) {
    const button = (await grid.getByRole('button', { name }).boundingBox())!;
    expect(button.x, name).toBeGreaterThanOrEqual(view.x);
    expect(button.x + button.width, name).toBeLessThanOrEqual(view.x + view.width);
  }
  await screenshot(p, 'table-pending-row-scrolled-1280');
});
