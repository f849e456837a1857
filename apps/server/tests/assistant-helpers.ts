import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { schema } from '@buildai/server';
import { signUpBuilder, type TestServer } from '@buildai/testkit';
import { activateAndPublish, json, makeTool } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

export const newUid = () => randomBytes(16).toString('base64url');

/**
 * A builder's published tool app ("Tea shop") with an active tool whose fields are a required topic, a remembered
 * name and a personal email; `settings` are laid over the app's stored settings.
 */
export async function publishedApp(server: TestServer, settings: Record<string, unknown> = {}) {
  const builder = await signUpBuilder(server);
  const created = await makeTool(server, builder.idToken, {
    prompt: 'Write a slogan about {{topic}} for {{name}}.',
    app: {
      fields: [
        { name: 'topic', label: 'Topic', type: 'text', required: true },
        { name: 'name', label: 'Name', type: 'text', memorize: true },
        { name: 'email', label: 'Email', type: 'email', personal: true },
      ],
    },
  });
  await server.platform.db
    .update(schema.apps)
    .set({ header: 'Tea shop', description: 'Teas from the hills' })
    .where(eq(schema.apps.appId, created.appId));
  if (Object.keys(settings).length > 0) {
    const [row] = await server.platform.db
      .select({ appSettings: schema.apps.appSettings })
      .from(schema.apps)
      .where(eq(schema.apps.appId, created.appId));
    await server.platform.db
      .update(schema.apps)
      .set({ appSettings: { ...row!.appSettings, ...settings } })
      .where(eq(schema.apps.appId, created.appId));
  }
  await activateAndPublish(server, builder.idToken, created.appId, created.toolId);
  return {
    builder,
    appId: created.appId as string,
    toolId: created.toolId as string,
    path: created.path as string,
  };
}

export async function activate(server: TestServer, token: string, appId: string, isActive = true) {
  const res = await server.request(`/api/apps/${appId}/chat/activate`, {
    method: 'POST',
    token,
    json: { isActive },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { isActive: boolean; chatAppId: string };
}

/** Adds a text data source to an app (the chat app) and waits until it is searchable. */
export async function addTextSource(
  server: TestServer,
  token: string,
  appId: string,
  name: string,
  text: string,
) {
  const res = await server.request(`/api/context/ingest/text?appId=${appId}`, {
    method: 'POST',
    token,
    json: { name, context: text },
  });
  expect(res.status).toBe(201);
  const { contextItemId } = await json(res);
  await vi.waitFor(
    async () => {
      const list = await json(await server.request(`/api/context/items?appId=${appId}`, { token }));
      const item = (list.contextItems as Json[]).find((c) => c.id === contextItemId);
      expect(item?.status).toBe('synced');
    },
    { timeout: 20_000, interval: 100 },
  );
  return contextItemId as string;
}

/** Sends a message to the assistant as a visitor (by cookie), a signed-in user (token) or the widget (header). */
export function ask(
  server: Pick<TestServer, 'request'>,
  appId: string,
  body: Record<string, unknown>,
  who: { uid?: string; token?: string; header?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (who.uid) headers.cookie = `bai_uid=${who.uid}`;
  if (who.header) headers['x-buildai-visitor'] = who.header;
  return server.request(`/api/apps/${appId}/assistant`, {
    method: 'POST',
    json: body,
    headers,
    ...(who.token ? { token: who.token } : {}),
  });
}

/** The chunks of an AI SDK UI message stream. */
export async function readChunks(res: Response): Promise<Json[]> {
  const text = await res.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data:') && line.slice(5).trim() !== '[DONE]')
    .map((line) => JSON.parse(line.slice(5).trim()) as Json);
}

export const textOf = (chunks: Json[]) =>
  chunks
    .filter((c) => c.type === 'text-delta')
    .map((c) => c.delta as string)
    .join('');

export function messagesOf(
  server: Pick<TestServer, 'request'>,
  appId: string,
  who: { uid?: string; token?: string },
  conversationId?: string,
) {
  return server.request(
    `/api/apps/${appId}/assistant/messages${conversationId ? `?conversationId=${conversationId}` : ''}`,
    {
      headers: who.uid ? { cookie: `bai_uid=${who.uid}` } : {},
      ...(who.token ? { token: who.token } : {}),
    },
  );
}

/** The text the fake model was sent in a chat-completions request: the system prompt and every message. */
export function promptText(body: unknown): string {
  const messages = (body as { messages: { role: string; content: unknown }[] }).messages;
  return messages
    .map((m) =>
      typeof m.content === 'string'
        ? m.content
        : Array.isArray(m.content)
          ? m.content.map((p: { text?: string }) => p.text ?? '').join('\n')
          : '',
    )
    .join('\n');
}
