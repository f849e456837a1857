// Builds chat-completion bodies in OpenAI's wire format (the shapes the `ai` SDK and openai-node parse),
// from a scripted or default reply.
import type { FakeLlmReply } from './fake-llm-types';

export interface ChatRequestBody {
  model?: string;
  messages?: { role?: string; content?: unknown }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean } | null;
}

export interface WireUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number };
  completion_tokens_details: { reasoning_tokens: number };
}

interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  /** stream chunks the arguments are split over (not sent) */
  pieces?: number;
}

/** A reply with every default filled in, ready to be written as JSON or as a stream. */
export interface ResolvedReply {
  content: string | null;
  chunks: string[];
  toolCalls: WireToolCall[];
  usage: WireUsage;
  finishReason: string;
  delayMs: number;
  hang: boolean;
}

export const DEFAULT_MODEL = 'gpt-4o-mini';

/** About four characters per token, like OpenAI's rule of thumb; at least one token for any text. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Text of a message's content, which may be a string or an array of content parts. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) =>
      part && typeof part === 'object' && 'text' in part && typeof part.text === 'string' ? part.text : '',
    )
    .join('');
}

/** The answer given when a test scripted nothing: derived from the request so assertions can predict it. */
export function defaultText(body: ChatRequestBody): string {
  const lastUser = [...(body.messages ?? [])].reverse().find((message) => message.role === 'user');
  return `Fake answer to: ${contentText(lastUser?.content).slice(0, 200)}`;
}

/** Word-sized stream deltas, each keeping its trailing whitespace so that joining them restores the text. */
export function splitIntoChunks(text: string): string[] {
  const words = text.match(/\s*\S+\s*/g);
  return words ?? (text ? [text] : []);
}

export function resolveReply(
  reply: FakeLlmReply,
  body: ChatRequestBody,
  nextId: () => string,
): ResolvedReply {
  const scriptedContent = reply.text !== undefined || reply.chunks !== undefined || reply.toolCalls?.length;
  const text = reply.text ?? reply.chunks?.join('') ?? (scriptedContent ? null : defaultText(body));
  const toolCalls: WireToolCall[] = (reply.toolCalls ?? []).map((call) => {
    const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    return {
      id: call.id ?? `call_${nextId()}`,
      type: 'function',
      function: { name: call.name, arguments: call.cutAt === undefined ? args : args.slice(0, call.cutAt) },
      pieces: call.argumentChunks ?? 3,
    };
  });
  const cut = (reply.toolCalls ?? []).some((call) => call.cutAt !== undefined);
  const promptText = (body.messages ?? []).map((message) => contentText(message.content)).join('\n');
  const completionText = (text ?? '') + toolCalls.map((call) => call.function.arguments).join('');
  const promptTokens = reply.usage?.prompt_tokens ?? Math.max(1, estimateTokens(promptText));
  const completionTokens = reply.usage?.completion_tokens ?? estimateTokens(completionText);
  return {
    content: text,
    chunks: reply.chunks ?? splitIntoChunks(text ?? ''),
    toolCalls,
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: reply.usage?.cached_tokens ?? 0 },
      completion_tokens_details: { reasoning_tokens: 0 },
    },
    finishReason: reply.finishReason ?? (cut ? 'length' : toolCalls.length ? 'tool_calls' : 'stop'),
    delayMs: reply.delayMs ?? 0,
    hang: reply.hang ?? false,
  };
}

interface CompletionMeta {
  id: string;
  created: number;
  model: string;
}

/** The non-streamed `chat.completion` object. */
export function completionBody(reply: ResolvedReply, meta: CompletionMeta): object {
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    system_fingerprint: 'fp_fake',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply.content,
          refusal: null,
          // OpenAI leaves the field out, rather than sending an empty list, when there are no tool calls.
          ...(reply.toolCalls.length
            ? { tool_calls: reply.toolCalls.map(({ pieces: _pieces, ...call }) => call) }
            : {}),
        },
        logprobs: null,
        finish_reason: reply.finishReason,
      },
    ],
    usage: reply.usage,
  };
}

/** Splits a tool call's JSON arguments into `pieces` chunks, because real streams deliver them so. */
function splitArguments(args: string, pieces = 3): string[] {
  const size = Math.max(1, Math.ceil(args.length / Math.max(1, pieces)));
  const out: string[] = [];
  for (let at = 0; at < args.length; at += size) out.push(args.slice(at, at + size));
  return out.length ? out : [args];
}

/**
 * The `chat.completion.chunk` objects of a streamed answer, in order. The last one (`finish_reason`, then the
 * usage-only chunk when asked for) is marked by index so a hanging reply can stop just before it.
 */
export function streamChunks(
  reply: ResolvedReply,
  meta: CompletionMeta,
  includeUsage: boolean,
): { chunks: object[]; finishIndex: number } {
  const chunk = (delta: object, finishReason: string | null = null): object => ({
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model: meta.model,
    system_fingerprint: 'fp_fake',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    // With include_usage, OpenAI sends `usage: null` on every chunk but the last.
    ...(includeUsage ? { usage: null } : {}),
  });
  const chunks: object[] = [
    chunk({ role: 'assistant', content: reply.content === null ? null : '', refusal: null }),
  ];
  for (const piece of reply.chunks) chunks.push(chunk({ content: piece }));
  reply.toolCalls.forEach((call, index) => {
    chunks.push(
      chunk({
        tool_calls: [
          { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } },
        ],
      }),
    );
    for (const piece of splitArguments(call.function.arguments, call.pieces)) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  const finishIndex = chunks.length;
  chunks.push(chunk({}, reply.finishReason));
  if (includeUsage) {
    chunks.push({
      id: meta.id,
      object: 'chat.completion.chunk',
      created: meta.created,
      model: meta.model,
      system_fingerprint: 'fp_fake',
      choices: [],
      usage: reply.usage,
    });
  }
  return { chunks, finishIndex };
}

/** OpenAI's error body: `{ error: { message, type, param, code } }`. */
export function errorBody(status: number, message: string, type?: string, code?: string | null): object {
  const defaultType = status === 429 ? 'requests' : status >= 500 ? 'server_error' : 'invalid_request_error';
  const defaultCode = status === 429 ? 'rate_limit_exceeded' : null;
  return { error: { message, type: type ?? defaultType, param: null, code: code ?? defaultCode } };
}
