import { AppError, ASSISTANT_MESSAGE_MAX_CHARS, type UsageRecord } from '@buildai/domain';
import type { z } from 'zod';
import type { chatCompletionsRequest } from '@buildai/domain';
import type { Platform } from '../../platform';
import type { KeyCaller } from '../api-keys';
import type { PublishedTools, RunAdmissions } from '../runtime';
import { startKeyTurn } from './ask-assistant';

type ChatCompletionsRequest = z.output<typeof chatCompletionsRequest>;
type Content = ChatCompletionsRequest['messages'][number]['content'];

export interface ChatCompletionsOptions {
  platform: Platform;
  publishedTools: PublishedTools;
  admissions: RunAdmissions;
  key: KeyCaller;
  body: ChatCompletionsRequest;
  /** the request's own signal: a client that hangs up before a whole answer stops the model */
  signal?: AbortSignal;
}

const encoder = new TextEncoder();

function contentText(content: Content): string {
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content
    .filter((p) => p.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text)
    .join('\n');
}

/**
 * The client's messages as the assistant's conversation: user and assistant messages; system, developer and tool
 * messages are the client's own instructions and tool results, and the app's assistant has its own (decision 0010).
 */
function conversationOf(body: ChatCompletionsRequest) {
  const messages: { role: 'user' | 'assistant'; text: string }[] = [];
  body.messages.forEach((m, i) => {
    if (m.role !== 'user' && m.role !== 'assistant') return;
    const text = contentText(m.content);
    if (m.role === 'user' && text.length > ASSISTANT_MESSAGE_MAX_CHARS)
      throw new AppError('request/invalid', {
        message: `messages.${i}.content: a message may hold at most ${ASSISTANT_MESSAGE_MAX_CHARS} characters`,
        field: `messages.${i}.content`,
      });
    messages.push({ role: m.role, text });
  });
  return messages;
}

const openAiUsage = (usage: UsageRecord | null) => {
  const prompt = usage?.promptTokens ?? 0;
  const completion = usage?.completionTokens ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
};

/**
 * POST /api/v1/chat/completions (decision 0010): the app of the API key answers with its assistant, as OpenAI's chat
 * completions do: a `chat.completion`, or with `stream` its `chat.completion.chunk` events ending `[DONE]`, usage
 * filled in both. A turn of the assistant from the API (source `api`).
 */
export async function chatCompletions(
  options: ChatCompletionsOptions,
): Promise<{ json: unknown } | { stream: ReadableStream<Uint8Array> }> {
  const { key, body } = options;
  const stop = new AbortController();
  if (!body.stream) options.signal?.addEventListener('abort', () => stop.abort(), { once: true });
  const turn = await startKeyTurn({
    platform: options.platform,
    publishedTools: options.publishedTools,
    admissions: options.admissions,
    appId: key.appId,
    user: key.user,
    source: 'api',
    apiKeyId: key.keyId,
    messages: conversationOf(body),
    signal: stop.signal,
  });
  const id = `chatcmpl-${turn.runId}`;
  const created = Math.floor(Date.now() / 1000);
  const model = turn.modelId;

  if (!body.stream) {
    const outcome = await turn.finished;
    if (outcome.status === 'failed') throw new AppError('ai/provider-failed');
    return {
      json: {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: outcome.text, refusal: null },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: openAiUsage(outcome.usage),
        // the data items the answer drew on (decision 0017 "Citations"); OpenAI's clients keep unknown fields
        citations: turn.citations,
      },
    };
  }

  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    encoder.encode(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices, ...extra })}\n\n`,
    );
  const parts = turn.result.textStream[Symbol.asyncIterator]();
  let started = false;
  let done = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // the citations are known before the first word: the first chunk carries them
        controller.enqueue(
          chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }], {
            citations: turn.citations,
          }),
        );
        return;
      }
      if (done) return;
      const next = await parts.next().catch(() => ({ done: true, value: undefined }) as const);
      if (!next.done) {
        if (next.value !== '')
          controller.enqueue(chunk([{ index: 0, delta: { content: next.value }, finish_reason: null }]));
        return;
      }
      done = true;
      const outcome = await turn.finished;
      if (outcome.status === 'failed') {
        const e = new AppError('ai/provider-failed');
        controller.enqueue(
          encoder.encode(`data: ${JSON.stringify({ error: { code: e.code, message: e.message } })}\n\n`),
        );
      } else {
        const usage = openAiUsage(outcome.usage);
        controller.enqueue(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
        // usage always, as `stream_options.include_usage` asks it: the last chunk, without choices
        controller.enqueue(chunk([], { usage }));
      }
      controller.enqueue(encoder.encode('data: [DONE]\n\n'));
      controller.close();
    },
    async cancel() {
      done = true;
      stop.abort();
      await turn.finished.catch(() => {});
    },
  });
  return { stream };
}
