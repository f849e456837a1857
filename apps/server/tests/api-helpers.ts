import { eq } from 'drizzle-orm';
import { schema } from '@buildai/server';
import type { TestServer } from '@buildai/testkit';
import { activateAndPublish, makeTool } from './helpers';

/**
 * A builder's tool for programmatic access: a required field (topic), a select field (tone: Bold or Calm) and a
 * collapsed main input (optional). Active, and published unless `publish` is false.
 */
export async function makeApiTool(
  server: TestServer,
  token: string,
  opts: { publish?: boolean; settings?: Record<string, unknown> } = {},
) {
  const created = await makeTool(server, token, {
    prompt: 'Write a {{tone}} slogan about {{topic}}. {{input}}',
    app: {
      isInputCollapsed: true,
      inputLabel: 'Notes',
      fields: [
        { name: 'topic', label: 'Topic', type: 'text', required: true },
        { name: 'tone', label: 'Tone', type: 'select', options: [{ label: 'Bold' }, { label: 'Calm' }] },
      ],
    },
  });
  if (opts.settings)
    await server.platform.db
      .update(schema.apps)
      .set({ appSettings: opts.settings })
      .where(eq(schema.apps.appId, created.appId));
  if (opts.publish === false) {
    const a = await server.request(`/api/apps/${created.appId}/tools/${created.toolId}/status`, {
      method: 'POST',
      token,
      json: { status: 'active' },
    });
    if (a.status !== 200) throw new Error(`activate failed ${a.status}`);
  } else await activateAndPublish(server, token, created.appId, created.toolId);
  return created;
}

/** A new API key of the app: `{ id, name, key, prefix, createdAt }`. */
export async function createKey(server: TestServer, token: string, appId: string, name = 'Zapier') {
  const res = await server.request(`/api/apps/${appId}/api-keys`, { method: 'POST', token, json: { name } });
  if (res.status !== 201) throw new Error(`key failed ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; name: string; key: string; prefix: string; createdAt: string };
}

/** `POST /api/v1/apps/{appId}/tools/{path}/run` with a key as bearer (no key: no Authorization header). */
export function apiRun(
  server: TestServer,
  appId: string,
  path: string,
  key: string | null,
  body: unknown,
): Promise<Response> {
  return server.request(`/api/v1/apps/${appId}/tools/${path}/run`, {
    method: 'POST',
    headers: key ? { authorization: `Bearer ${key}` } : {},
    json: body,
  });
}

/** The run rows of an app, oldest first, with what the analytics read. */
export async function runRows(server: TestServer, appId: string) {
  const rows = await server.platform.db.select().from(schema.runs).where(eq(schema.runs.appId, appId));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
