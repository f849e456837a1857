import { expect, test, type Frame, type Page } from '@playwright/test';
import { corpusFiles, corpusManifest, type CorpusItem } from '../../apps/server/tests/model-written-corpus';
import { adminIdToken } from '../support/admin';
import { APP_URL, BASE_URL } from '../support/env';

// Real pages and projects written by Lovable, bolt, v0, Dyad and Base44 users (apps/server/tests/fixtures/
// model-written) run in a space app's frame as they were written: no page error, nothing reported to the owner's
// issues panel, and their Tailwind classes applied (read as computed styles).

// the items that need props, or leave for a page of their project at once, are built (the server's test), not shown
const items = corpusManifest().items.filter((item) => !item.props && !item.noRender);

async function api(path: string, token: string, init: { method: string; json?: unknown }) {
  return fetch(`${BASE_URL}${path}`, {
    method: init.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

/** A published space app holding the item's files. */
async function publishItem(item: CorpusItem, token: string): Promise<string> {
  const created = await api('/api/apps/new', token, { method: 'POST', json: { kind: 'space' } });
  expect(created.status).toBe(201);
  const { appId } = (await created.json()) as { appId: string };
  for (const file of corpusFiles(item)) {
    const path = file.path.split('/').map(encodeURIComponent).join('/');
    const saved = await api(`/api/apps/${appId}/files/${path}`, token, {
      method: 'PUT',
      json: { content: file.content },
    });
    expect(saved.status, `${item.id}: ${file.path}`).toBe(200);
  }
  const published = await api(`/api/apps/${appId}/publish`, token, { method: 'POST' });
  expect(published.status, `${item.id} publishes`).toBe(200);
  return appId;
}

/**
 * Utility classes and the computed style each must give, read on elements where no other class of the same property
 * (another display, a responsive or state variant of it) could win: the check reads styles, not class names.
 */
const DISPLAY = /(^|:)(flex|grid|hidden|block|inline|inline-block|inline-flex|inline-grid|table|contents)$/;
// (inline-flex is not read: a flex or grid item's display is blockified to flex, whatever its class says)
const PROBES: { cls: string; property: string; expected: string; rival: RegExp }[] = [
  { cls: 'flex', property: 'display', expected: 'flex', rival: DISPLAY },
  { cls: 'grid', property: 'display', expected: 'grid', rival: DISPLAY },
  { cls: 'items-center', property: 'align-items', expected: 'center', rival: /(^|:)items-/ },
  { cls: 'justify-between', property: 'justify-content', expected: 'space-between', rival: /(^|:)justify-/ },
  {
    cls: 'text-center',
    property: 'text-align',
    expected: 'center',
    rival: /(^|:)text-(left|right|center|justify|start|end)$/,
  },
  {
    cls: 'font-bold',
    property: 'font-weight',
    expected: '700',
    rival: /(^|:)font-(thin|light|normal|medium|semibold|bold|extrabold|black)$/,
  },
  {
    cls: 'font-semibold',
    property: 'font-weight',
    expected: '600',
    rival: /(^|:)font-(thin|light|normal|medium|semibold|bold|extrabold|black)$/,
  },
  {
    cls: 'relative',
    property: 'position',
    expected: 'relative',
    rival: /(^|:)(static|fixed|absolute|relative|sticky)$/,
  },
  {
    cls: 'uppercase',
    property: 'text-transform',
    expected: 'uppercase',
    rival: /(^|:)(uppercase|lowercase|capitalize|normal-case)$/,
  },
];

async function styleChecks(frame: Frame) {
  const probes = PROBES.map((p) => ({ ...p, rival: p.rival.source }));
  return frame.evaluate((list) => {
    const results: { cls: string; ok: boolean; got: string }[] = [];
    for (const { cls, property, expected, rival } of list) {
      const pattern = new RegExp(rival);
      const element = Array.from(document.querySelectorAll(`#root .${CSS.escape(cls)}`)).find((el) =>
        Array.from(el.classList).every((name) => name === cls || !pattern.test(name)),
      );
      if (!element) continue;
      const got = getComputedStyle(element).getPropertyValue(property);
      results.push({ cls, ok: got === expected, got });
    }
    return results;
  }, probes);
}

/** The app's frame once its document (on the app origin) has rendered something. */
async function appFrame(page: Page): Promise<Frame> {
  const element = await page.waitForSelector('iframe[title]', { state: 'attached', timeout: 30_000 });
  const frame = await element.contentFrame();
  if (!frame) throw new Error('no app frame');
  await frame.waitForFunction(
    // the frame's origin is opaque ("null"): its address says where it came from
    (origin) =>
      location.href.startsWith(origin) && (document.getElementById('root')?.children.length ?? 0) > 0,
    APP_URL,
    { timeout: 30_000 },
  );
  return frame;
}

test('pages and projects real models wrote run in the frame with their Tailwind classes applied', async ({
  page,
}) => {
  test.setTimeout(15 * 60_000);
  const token = await adminIdToken();
  // the owner's session, as the web app keeps it: the issues panel shows the owner what the frame reports
  await page.context().addCookies([{ name: 'buildai_token', value: token, url: BASE_URL }]);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const failures: string[] = [];
  for (const item of items) {
    const appId = await publishItem(item, token);
    errors.length = 0;
    await page.goto(`${BASE_URL}/app/${appId}`);
    const frame = await appFrame(page).catch((error: Error) => error);
    if (frame instanceof Error) {
      failures.push(`${item.id} (${item.repo}): nothing rendered (${frame.message.split('\n')[0]})`);
      continue;
    }
    await expect(page.getByRole('status', { name: 'Loading the app' })).toHaveCount(0, { timeout: 30_000 });
    const text = await frame.evaluate(() => document.body.innerText);
    const checks = await styleChecks(frame);
    const issues = await page
      .getByRole('alert')
      .filter({ hasText: /issues? on this page/ })
      .count();
    const problems = [
      ...(/could not be built|Something went wrong on this page|Page not found/.test(text)
        ? [`shows: ${text.slice(0, 120)}`]
        : []),
      ...(issues > 0 ? [`the issues panel: ${await page.getByRole('alert').first().innerText()}`] : []),
      ...errors.map((e) => `page error: ${e}`),
      ...(checks.length === 0 ? ['no utility class to check'] : []),
      ...checks.filter((c) => !c.ok).map((c) => `.${c.cls} computed ${c.got}`),
    ];
    if (problems.length) failures.push(`${item.id} (${item.repo}): ${problems.join('; ')}`);
  }
  expect(failures, failures.join('\n')).toEqual([]);
});
