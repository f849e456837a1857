import type { Locator, Page } from '@playwright/test';
import type { FakeLlmControl } from '../../packages/testkit/src/fake-llm-control';

interface ChatBody {
  model?: string;
  messages?: { role: string; content?: unknown }[];
}

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `…${flat.slice(-max)}` : flat;
};

/**
 * What the fake model was asked since its reset, one line (each call's path, model, abort and last message) and the
 * chat's text: what a flow that waited in vain for a scripted answer needs in its failure to be read from CI's log.
 */
async function modelCallsAndChat(llm: FakeLlmControl, chat: Locator): Promise<string> {
  const calls = (await llm.requests()).map((r, i) => {
    const body = (r.body ?? {}) as ChatBody;
    const last = body.messages?.at(-1);
    const content = typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
    return `#${i + 1} ${r.path} ${body.model ?? ''}${r.aborted ? ' (aborted)' : ''} ${last?.role ?? ''}: ${oneLine(content, 80)}`;
  });
  const text = await chat.innerText({ timeout: 2000 }).catch(() => '(the chat could not be read)');
  const stored = await storedAnswers(chat.page()).catch((err: unknown) => `(not read: ${String(err)})`);
  return `model calls: ${calls.join(' | ') || 'none'}; the chat ends: ${oneLine(text, 500)}; stored answers: ${stored}`;
}

interface StoredMessage {
  role: string;
  status?: string;
  annotations: Record<string, unknown>[];
}

/**
 * The app's last stored answers as the server recorded them (status, version, and what the gate and the build
 * found): whether a missing issue was lost before the record or after it, on the way to the page.
 */
async function storedAnswers(page: Page): Promise<string> {
  const appId = new URL(page.url()).pathname.split('/').pop();
  const token = (await page.context().cookies()).find((c) => c.name === 'buildai_token')?.value;
  const res = await page.request.get(`/api/apps/${appId}/chat/messages`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    timeout: 5000,
  });
  if (!res.ok()) return `(HTTP ${res.status()})`;
  const { messages } = (await res.json()) as { messages: StoredMessage[] };
  return messages
    .filter((m) => m.role === 'assistant')
    .slice(-3)
    .map((m) => {
      const a = m.annotations.at(-1) ?? {};
      const picked = {
        status: m.status,
        versionId: a.versionId,
        validationIssues: a.validationIssues,
        buildErrors: a.buildErrors,
        error: a.error,
        systemActionInfo: a.systemActionInfo,
      };
      return oneLine(JSON.stringify(picked), 400);
    })
    .join(' | ');
}

/** Waits on `expectation`; when it fails, fails with `what` and what the model was asked and the chat shows. */
export async function orExplain(
  expectation: Promise<unknown>,
  what: string,
  llm: FakeLlmControl,
  chat: Locator,
): Promise<void> {
  await expectation.catch(async (err: unknown) => {
    throw new Error(`${what}; ${await modelCallsAndChat(llm, chat)}`, { cause: err });
  });
}
