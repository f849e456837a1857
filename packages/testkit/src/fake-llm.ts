// An OpenAI-compatible server over real HTTP, so tests exercise the product's real provider code path
// (request building, SSE parsing, usage, tool calls, error handling) without calling the internet.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { DEFAULT_EMBEDDING_DIMENSIONS, embeddingsBody } from './fake-embeddings';
import type { FakeLlmReply, FakeLlmRequest, FakeLlmResponder } from './fake-llm-types';
import { closeServer, flatHeaders, listen, readBody, sendJson, sleep } from './http-helpers';
import {
  type ChatRequestBody,
  completionBody,
  DEFAULT_MODEL,
  errorBody,
  resolveReply,
  streamChunks,
} from './openai-wire';

export type {
  FakeLlmError,
  FakeLlmReply,
  FakeLlmRequest,
  FakeLlmResponder,
  FakeLlmToolCall,
} from './fake-llm-types';
export type { FakeLlmUsage } from './fake-llm-types';

export interface FakeLlmOptions {
  /** When set, `/v1/*` requests must carry `Authorization: Bearer <apiKey>` or get OpenAI's 401. */
  apiKey?: string;
  /** Defaults to a free port chosen by the system. */
  port?: number;
  /** Vector length when the request names no `dimensions`; 8 by default. */
  embeddingDimensions?: number;
  /**
   * Answer `embeddingDimensions` values whatever size the request asks for, as models with one fixed size do
   * (e.g. nomic-embed-text's 768 on Ollama).
   */
  fixedEmbeddingDimensions?: boolean;
}

/** A recorded request, plus whether the client hung up before the answer was complete. */
export interface FakeLlmRecord extends FakeLlmRequest {
  aborted: boolean;
}

export interface FakeLlm {
  /** Base URL ending in `/v1`, to pass as the provider's `baseURL`. */
  readonly url: string;
  readonly port: number;
  /** Every `/v1/*` request received since start or the last reset, oldest first. */
  readonly requests: readonly FakeLlmRecord[];
  /** Queues replies; each chat-completions call takes the oldest. */
  enqueue(reply: FakeLlmReply | FakeLlmReply[]): void;
  /** Answers chat-completions calls while the queue is empty; returning `undefined` falls back to the default. */
  respondWith(responder: FakeLlmResponder | undefined): void;
  /** Resolves with the first recorded request matching `predicate`, waiting for it if need be. */
  waitForRequest(predicate?: (request: FakeLlmRecord) => boolean, timeoutMs?: number): Promise<FakeLlmRecord>;
  /** Lets the replies scripted with `hold: name` finish (now, or at once when they come later). */
  release(name: string): void;
  /** Forgets queued replies, the responder and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

const MODELS = ['gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small'];

interface Waiter {
  predicate: (request: FakeLlmRecord) => boolean;
  resolve: (request: FakeLlmRecord) => void;
}

function isReply(value: unknown): value is FakeLlmReply {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function startFakeLlm(opts: FakeLlmOptions = {}): Promise<FakeLlm> {
  let queue: FakeLlmReply[] = [];
  let responder: FakeLlmResponder | undefined;
  let records: FakeLlmRecord[] = [];
  let waiters: Waiter[] = [];
  let counter = 0;
  const gates = new Map<string, { open: Promise<void>; release: () => void }>();
  const gate = (name: string) => {
    let found = gates.get(name);
    if (!found) {
      let release = () => {};
      const open = new Promise<void>((resolve) => (release = resolve));
      found = { open, release };
      gates.set(name, found);
    }
    return found;
  };
  const nextId = () => String(++counter);
  const dimensions = opts.embeddingDimensions ?? DEFAULT_EMBEDDING_DIMENSIONS;

  function enqueue(reply: FakeLlmReply | FakeLlmReply[]): void {
    queue.push(...(Array.isArray(reply) ? reply : [reply]));
  }

  function reset(): void {
    queue = [];
    responder = undefined;
    records = [];
    for (const held of gates.values()) held.release();
    gates.clear();
  }

  function record(req: IncomingMessage, res: ServerResponse, path: string, body: unknown): FakeLlmRecord {
    const entry: FakeLlmRecord = {
      method: req.method ?? 'GET',
      path,
      headers: flatHeaders(req),
      body,
      aborted: false,
    };
    res.on('close', () => {
      if (!res.writableFinished) entry.aborted = true;
    });
    records.push(entry);
    const matched = waiters.filter((waiter) => waiter.predicate(entry));
    waiters = waiters.filter((waiter) => !matched.includes(waiter));
    for (const waiter of matched) waiter.resolve(entry);
    return entry;
  }

  async function chatCompletions(res: ServerResponse, entry: FakeLlmRecord): Promise<void> {
    const body = entry.body as ChatRequestBody;
    if (!Array.isArray(body.messages)) {
      return sendJson(res, 400, errorBody(400, "Missing required parameter: 'messages'.", undefined, null));
    }
    const reply = queue.shift() ?? responder?.(entry) ?? {};
    const resolved = resolveReply(reply, body, nextId);
    if (reply.error) {
      const { status, message, type, code } = reply.error;
      await sleep(resolved.delayMs);
      return sendJson(res, status, errorBody(status, message, type, code));
    }
    const meta = {
      id: `chatcmpl-fake${nextId()}`,
      created: Math.floor(Date.now() / 1000),
      model: body.model ?? DEFAULT_MODEL,
    };
    if (!body.stream) {
      if (resolved.hang) return;
      if (reply.hold !== undefined) await gate(reply.hold).open;
      await sleep(resolved.delayMs);
      return sendJson(res, 200, completionBody(resolved, meta));
    }
    const { chunks, finishIndex } = streamChunks(resolved, meta, body.stream_options?.include_usage === true);
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    res.flushHeaders();
    const end = resolved.hang ? finishIndex : chunks.length;
    // the first event is the role; then the text chunks
    const holdAt = reply.hold === undefined ? -1 : Math.min(1 + (reply.holdAfter ?? 1), end);
    for (let i = 0; i < end; i++) {
      if (i === holdAt) await gate(reply.hold!).open;
      if (i > 0 && resolved.delayMs > 0) await sleep(resolved.delayMs);
      // The client may cancel mid-stream; writing after that would only raise errors.
      if (res.destroyed) return;
      res.write(`data: ${JSON.stringify(chunks[i])}\n\n`);
    }
    if (holdAt === end) await gate(reply.hold!).open;
    if (resolved.hang || res.destroyed) return;
    res.end('data: [DONE]\n\n');
  }

  function api(res: ServerResponse, entry: FakeLlmRecord): Promise<void> | void {
    if (opts.apiKey !== undefined && entry.headers.authorization !== `Bearer ${opts.apiKey}`) {
      const message =
        'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.';
      return sendJson(res, 401, errorBody(401, message, 'invalid_request_error', 'invalid_api_key'));
    }
    const route = `${entry.method} ${entry.path}`;
    if (route === 'POST /v1/chat/completions') return chatCompletions(res, entry);
    if (route === 'POST /v1/embeddings') {
      const asked = (entry.body ?? {}) as { dimensions?: number };
      const body = embeddingsBody(
        opts.fixedEmbeddingDimensions ? { ...asked, dimensions: undefined } : asked,
        dimensions,
      );
      if (body) return sendJson(res, 200, body);
      return sendJson(
        res,
        400,
        errorBody(400, "'input' must be a string or an array of strings.", undefined, null),
      );
    }
    if (route === 'GET /v1/models') {
      const data = MODELS.map((id) => ({ id, object: 'model', created: 1700000000, owned_by: 'system' }));
      return sendJson(res, 200, { object: 'list', data });
    }
    const message = `Invalid URL (${entry.method} ${entry.path})`;
    sendJson(res, 404, errorBody(404, message, 'invalid_request_error', null));
  }

  // Lets another process (e2e, bench) script the fake without sharing memory.
  function control(req: IncomingMessage, res: ServerResponse, path: string, body: unknown): void {
    const route = `${req.method} ${path}`;
    if (route === 'POST /__fake/enqueue') {
      const replies = Array.isArray(body) ? body : [body];
      if (!replies.every(isReply))
        return sendJson(res, 400, { error: 'expected a reply object or an array of them' });
      enqueue(replies);
      return sendJson(res, 200, { queued: queue.length });
    }
    if (route === 'POST /__fake/release') {
      const name = (body as { name?: unknown } | undefined)?.name;
      if (typeof name !== 'string') return sendJson(res, 400, { error: 'expected {"name": "<hold>"}' });
      gate(name).release();
      return sendJson(res, 200, { ok: true });
    }
    if (route === 'POST /__fake/reset') {
      reset();
      return sendJson(res, 200, { ok: true });
    }
    if (route === 'GET /__fake/requests') return sendJson(res, 200, records);
    sendJson(res, 404, { error: `unknown control route ${route}` });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const text = await readBody(req);
    let body: unknown;
    let invalidJson = false;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
      invalidJson = true;
    }
    if (path.startsWith('/__fake/')) {
      if (invalidJson) return sendJson(res, 400, { error: 'invalid JSON body' });
      return control(req, res, path, body);
    }
    const entry = record(req, res, path, body);
    if (invalidJson) {
      const message = 'We could not parse the JSON body of your request.';
      return sendJson(res, 400, errorBody(400, message, 'invalid_request_error', null));
    }
    return api(res, entry);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      sendJson(res, 500, errorBody(500, `Fake LLM failed: ${String(error)}`, 'server_error', null));
    });
  });
  const port = await listen(server, opts.port);

  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    get requests() {
      return records;
    },
    enqueue,
    release: (name) => gate(name).release(),
    respondWith(next) {
      responder = next;
    },
    waitForRequest(predicate = () => true, timeoutMs = 5000) {
      const found = records.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          predicate,
          resolve: (request) => {
            clearTimeout(timer);
            resolve(request);
          },
        };
        const timer = setTimeout(() => {
          waiters = waiters.filter((other) => other !== waiter);
          reject(new Error(`Fake LLM: no matching request within ${timeoutMs} ms (got ${records.length})`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    reset,
    close: () => closeServer(server),
  };
}
