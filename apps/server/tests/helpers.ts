import type { TestServer } from '@buildai/testkit';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

export const json = (res: Response) => res.json() as Promise<Json>;

/** Parses a text/event-stream body into the JSON events of a run. */
export async function readRunEvents(res: Response): Promise<Json[]> {
  const text = await res.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => JSON.parse(line.slice(5).trim()));
}

/** A builder's new tool app saved with a header, a prompt and one field. */
export async function makeTool(
  server: Pick<TestServer, 'request'>,
  token: string,
  opts: { prompt?: string; header?: string } = {},
) {
  const created = await json(
    await server.request('/api/apps/new', { method: 'POST', token, json: { kind: 'tool' } }),
  );
  const app = {
    header: opts.header ?? 'Slogan maker',
    description: 'Writes slogans',
    gptPrompt: opts.prompt ?? 'Write a slogan about {{topic}}.',
    fields: [{ name: 'topic', label: 'Topic', type: 'text', required: true }],
    appBuilderVersion: 4,
  };
  const saved = await server.request('/api/apps', {
    method: 'POST',
    token,
    json: { appType: 'tool', appId: created.appId, app },
  });
  if (saved.status !== 200) throw new Error(`save failed ${saved.status} ${await saved.text()}`);
  return created as { appId: string; toolId: string; path: string };
}

export async function activateAndPublish(
  server: Pick<TestServer, 'request'>,
  token: string,
  appId: string,
  toolId: string,
) {
  const a = await server.request(`/api/apps/${appId}/tools/${toolId}/status`, {
    method: 'POST',
    token,
    json: { status: 'active' },
  });
  if (a.status !== 200) throw new Error(`activate failed ${a.status}`);
  const p = await server.request(`/api/apps/${appId}/publish`, { method: 'POST', token });
  if (p.status !== 200) throw new Error(`publish failed ${p.status}`);
}
