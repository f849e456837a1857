import type { Citation, RunSource, UsageRecord } from '@buildai/domain';
import { AppError } from '@buildai/domain';
import type { EndUser } from '../../http/end-user';
import type { Platform } from '../../platform';
import type { PublishedTools, RunAdmissions } from '../runtime';
import { ASSISTANT_HISTORY_MESSAGES } from '@buildai/domain';
import { loadAssistantForKey } from './load-assistant';
import { startTurn, type Turn } from './turn';

export interface AskAssistantOptions {
  platform: Platform;
  publishedTools: PublishedTools;
  admissions: RunAdmissions;
  appId: string;
  /** who asks: an API key's user (`key:{id}`) for the API and MCP */
  user: EndUser;
  source: RunSource;
  apiKeyId?: string;
  /** the conversation so far; the last one is the user's question */
  messages: { role: 'user' | 'assistant'; text: string }[];
  signal: AbortSignal;
}

/** Starts a turn of the app's assistant for a conversation the client keeps (OpenAI-compatible chat, MCP). */
export async function startKeyTurn(options: AskAssistantOptions): Promise<Turn> {
  const { platform, messages } = options;
  const assistant = await loadAssistantForKey(platform, options.appId);
  const last = messages.at(-1);
  if (!last || last.role !== 'user' || last.text.trim() === '')
    throw new AppError('request/invalid', {
      message: 'messages: the last message must be a message of the user',
      field: 'messages',
    });
  return startTurn({
    platform,
    publishedTools: options.publishedTools,
    admissions: options.admissions,
    caller: null,
    user: options.user,
    assistant,
    source: options.source,
    ...(options.apiKeyId ? { apiKeyId: options.apiKeyId } : {}),
    history: messages
      .slice(0, -1)
      .slice(-ASSISTANT_HISTORY_MESSAGES)
      .filter((m) => m.text !== '')
      .map((m) => ({ role: m.role, content: m.text })),
    message: last.text,
    abortSignal: options.signal,
  });
}

/**
 * Asks the app's assistant and answers its whole reply (MCP's assistant tool): a run of the app like any turn
 * (limits, credits, analytics by source). A reply the provider failed to give is refused with 502.
 */
export async function askAssistant(
  options: AskAssistantOptions,
): Promise<{ runId: string; text: string; usage: UsageRecord | null; citations: Citation[] }> {
  const turn = await startKeyTurn(options);
  const outcome = await turn.finished;
  if (outcome.status === 'failed') throw new AppError('ai/provider-failed');
  return { runId: turn.runId, text: outcome.text, usage: outcome.usage, citations: turn.citations };
}
