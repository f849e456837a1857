import { expect, request, type Page } from '@playwright/test';
import { BASE_URL } from './env';
import { tokenOf } from './builder';

/**
 * A published tool app made through the API beside the UI (the builder's UI is not what these tests are about): a
 * "Tea slogans" tool asking a topic and a personal email, active, the app published with sign-up on.
 */
export async function publishedTeaApp(
  page: Page,
): Promise<{ appId: string; toolId: string; path: string; token: string }> {
  const token = await tokenOf(page);
  const headers = { Authorization: `Bearer ${token}` };
  const created = (await (
    await page.request.post(`${BASE_URL}/api/apps/new`, { headers, data: { kind: 'tool' } })
  ).json()) as {
    appId: string;
    toolId: string;
    path: string;
  };
  const saved = await page.request.post(`${BASE_URL}/api/apps`, {
    headers,
    data: {
      appType: 'tool',
      appId: created.appId,
      app: {
        header: 'Tea slogans',
        description: 'Slogans for tea',
        gptPrompt: 'Write a slogan about {{topic}}.',
        fields: [
          { name: 'topic', label: 'Topic', type: 'text', required: true },
          { name: 'email', label: 'Email', type: 'email', personal: true },
        ],
        appBuilderVersion: 4,
      },
    },
  });
  expect(saved.status()).toBe(200);
  const active = await page.request.post(
    `${BASE_URL}/api/apps/${created.appId}/tools/${created.toolId}/status`,
    {
      headers,
      data: { status: 'active' },
    },
  );
  expect(active.status()).toBe(200);
  expect(
    (await page.request.post(`${BASE_URL}/api/apps/${created.appId}/publish`, { headers })).status(),
  ).toBe(200);
  return { ...created, token };
}

/** Runs the tool as an anonymous visitor through the API (a cookie of its own), answering the run id. */
export async function visitorRun(
  appId: string,
  path: string,
  inputs: Record<string, string>,
  visitor: string,
) {
  const visitorRequest = await request.newContext();
  const res = await visitorRequest.post(`${BASE_URL}/api/apps/${appId}/tools/${path}/run`, {
    headers: { cookie: `bai_uid=${visitor}` },
    data: { inputs },
  });
  expect(res.status()).toBe(200);
  const text = await res.text();
  await visitorRequest.dispose();
  const finish = text
    .split('\n')
    .filter((l) => l.startsWith('data:'))
    .map((l) => JSON.parse(l.slice(5)) as { type: string; runId?: string })
    .find((e) => e.type === 'finish');
  expect(finish?.runId).toBeTruthy();
  return finish!.runId!;
}

/** A visitor id of the shape the server issues. */
export const visitorId = (n: number) => `e2evisitor${String(n).padStart(12, '0')}`;
