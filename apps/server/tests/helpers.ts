import { expect } from 'vitest';
import type { TestServer } from '@buildai/testkit';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

export const json = (res: Response) => res.json() as Promise<Json>;

/** Asserts an error answer: its status, code and message (the spec's, verbatim), and its field when one is named. */
/** Reads until the check holds: every 100 ms, at most `timeoutMs` (10 s); then fails saying what it last read. */
export async function eventually<T>(
  read: () => Promise<T>,
  holds: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > until) {
      throw new Error(`the condition never held; last read: ${JSON.stringify(value)?.slice(0, 300)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Invitation links already accepted: the mail is written after the invite answers, so an earlier one may still
 * be the newest for a moment. */
const collaboratorLinks = new Set<string>();

/**
 * Makes `mate` a collaborator of the app as a builder does: the owner invites their address, and they accept the
 * link the invitation mailed (the dev outbox).
 */
export async function addCollaborator(
  server: Pick<TestServer, 'request'>,
  ownerToken: string,
  appId: string,
  mate: { email: string; idToken: string },
): Promise<void> {
  const added = await server.request(`/api/apps/${appId}/collaborators`, {
    method: 'POST',
    token: ownerToken,
    json: { email: mate.email },
  });
  if (added.status !== 200) throw new Error(`invite failed: ${added.status} ${await added.text()}`);
  const link = await eventually(
    async () => {
      const mails = (await (
        await server.request(`/api/dev/mail?to=${encodeURIComponent(mate.email)}`)
      ).json()) as { text: string }[];
      return mails
        .map((m) => m.text.match(/https?:\/\/\S+\/collaborate\?invite=\S+/)?.[0])
        .find((found) => found !== undefined && !collaboratorLinks.has(found));
    },
    (found) => found !== undefined,
  );
  collaboratorLinks.add(link!);
  const accepted = await server.request('/api/collaborations/accept', {
    method: 'POST',
    token: mate.idToken,
    json: { invite: new URL(link!).searchParams.get('invite') },
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${await accepted.text()}`);
}

export async function expectError(
  res: Response,
  status: number,
  code: string,
  message: string,
  field?: string,
): Promise<void> {
  const { error } = await json(res);
  expect({ status: res.status, code: error?.code, message: error?.message, field: error?.field }).toEqual({
    status,
    code,
    message,
    field: field ?? error?.field,
  });
}

/**
 * Refreshes the session of a refresh cookie, or signs it out: `cookie` is the `set-cookie` a sign-in answered (or
 * its first pair). Sent as JSON, as the login CSRF guard asks of every cookie call.
 */
export function sessionCall(
  server: Pick<TestServer, 'request'>,
  action: 'refresh' | 'signOut',
  cookie: string,
): Promise<Response> {
  return server.request(`/api/live_api/auth/${action}`, {
    method: 'POST',
    json: {},
    headers: { cookie: cookie.split(';')[0]! },
  });
}

/** Parses a text/event-stream body into the JSON events of a run. */
export async function readRunEvents(res: Response): Promise<Json[]> {
  const text = await res.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => JSON.parse(line.slice(5).trim()));
}

/**
 * Reads a streamed body until `enough(text so far)` holds, and answers the text. Bounded: it fails when the stream
 * ends first or `timeoutMs` pass, instead of waiting for ever on a stream that never says what is awaited. The
 * stream is cancelled once read.
 */
export async function readStreamUntil(
  res: Response,
  enough: (text: string) => boolean,
  timeoutMs = 10_000,
): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void reader.cancel();
  }, timeoutMs);
  let text = '';
  try {
    while (!enough(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(timedOut ? `no match in ${timeoutMs} ms: ${text}` : `stream ended: ${text}`);
      text += decoder.decode(value, { stream: true });
    }
    return text;
  } finally {
    clearTimeout(timer);
    // the rest of the stream is not wanted: hang up, so the server's connection closes too
    await reader.cancel().catch(() => {});
  }
}

/** A builder's new tool app saved with a header, a prompt and one field. */
export async function makeTool(
  server: Pick<TestServer, 'request'>,
  token: string,
  /** `app`: definition fields laid over the default one (a Slogan maker with a required topic) */
  opts: { prompt?: string; header?: string; app?: Record<string, unknown> } = {},
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
    ...opts.app,
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

/** A builder's new generated app (it starts without tools). */
export async function makeGeneratedApp(server: Pick<TestServer, 'request'>, token: string) {
  const res = await server.request('/api/apps/new', { method: 'POST', token, json: { kind: 'generated' } });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${await res.text()}`);
  return ((await res.json()) as { appId: string }).appId;
}

/** Adds a tool to a generated app and answers its id. */
export async function addTool(
  server: Pick<TestServer, 'request'>,
  token: string,
  appId: string,
  title: string,
  path: string,
) {
  const res = await server.request(`/api/apps/${appId}/tools`, {
    method: 'POST',
    token,
    json: { title, path },
  });
  if (res.status !== 201) throw new Error(`add tool failed ${res.status} ${await res.text()}`);
  return ((await res.json()) as { toolId: string }).toolId;
}

/** Puts a builder on a plan through the admin API (`adminToken` must belong to an ADMIN_EMAILS address). */
export async function setPlan(
  server: Pick<TestServer, 'request'>,
  adminToken: string,
  email: string,
  plan: string,
) {
  const res = await server.request('/api/admin/accounts/plan', {
    method: 'POST',
    token: adminToken,
    json: { email, plan },
  });
  if (res.status !== 200) throw new Error(`set plan failed ${res.status} ${await res.text()}`);
}

/** A real 1×1 PNG. */
export const TINY_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** Posts a multipart upload with one `file` part. */
export function uploadFile(
  server: Pick<TestServer, 'request'>,
  token: string,
  path: string,
  bytes: Uint8Array,
  name = 'photo.png',
  type = 'image/png',
  method = 'POST',
) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return server.request(path, { method, token, body: form });
}

/** Server settings that point the AI provider at a fake model started with `startFakeLlm({ apiKey: 'test-key' })`. */
export function fakeLlmConfig(llm: { url: string }, provider = 'openai-compatible') {
  return { AI_PROVIDER: provider, AI_BASE_URL: llm.url, AI_API_KEY: 'test-key' };
}
