// Shapes shared by the fake LLM server, its HTTP control API and its client.
// Everything here is plain JSON so a reply can be scripted from another process.

export interface FakeLlmToolCall {
  /** Defaults to a generated `call_<n>` id. */
  id?: string;
  name: string;
  /** An object is serialised to JSON; a string is sent as is (lets tests send malformed arguments). */
  arguments: object | string;
  /** How many stream chunks the arguments are split over (default 3), as real streams deliver them in pieces. */
  argumentChunks?: number;
  /**
   * Sends only the first `cutAt` characters of the arguments, as a model that ran out of output tokens does; the
   * reply's finish reason then defaults to `length`.
   */
  cutAt?: number;
}

export interface FakeLlmUsage {
  prompt_tokens: number;
  completion_tokens: number;
  cached_tokens?: number;
}

export interface FakeLlmError {
  status: number;
  message: string;
  /** OpenAI's error type; defaults by status (e.g. `rate_limit_exceeded` for 429). */
  type?: string;
  code?: string;
}

/** One scripted answer to one `POST /v1/chat/completions` call. */
export interface FakeLlmReply {
  text?: string;
  /** Explicit stream deltas; by default `text` is split into word-sized chunks. */
  chunks?: string[];
  toolCalls?: FakeLlmToolCall[];
  /** By default derived from character counts (about four characters per token). */
  usage?: FakeLlmUsage;
  /** Defaults to `tool_calls` when there are tool calls, else `stop`. */
  finishReason?: string;
  /** Pause between stream chunks (and before a non-streamed answer). */
  delayMs?: number;
  /**
   * Answer with this HTTP error in OpenAI's error format instead of a completion. The AI SDK retries 429 and 5xx
   * answers (twice by default), and each retry takes the next queued reply: pass `maxRetries: 0` or queue several.
   */
  error?: FakeLlmError;
  /** Keep the response open without finishing it, for cancellation tests. */
  hang?: boolean;
  /**
   * Stream the first `holdAfter` text chunks (default 1; 0 holds before any), then wait until the test calls `release(hold)` before
   * sending the rest: a turn that stays open exactly as long as the test needs, instead of a delay that races it.
   * A release that comes first lets the reply through at once.
   */
  hold?: string;
  holdAfter?: number;
}

/** A request the fake received, as recorded for assertions. */
export interface FakeLlmRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  path: string;
  /** Lower-cased header names; repeated headers are joined with `, `. */
  headers: Record<string, string>;
  /** Parsed JSON body, or `undefined` when the request had none. */
  body: unknown;
}

export type FakeLlmResponder = (request: FakeLlmRequest) => FakeLlmReply | undefined;
