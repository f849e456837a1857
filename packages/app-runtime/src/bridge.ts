/**
 * The frame's side of the postMessage bridge to the runtime shell (the product page that holds the frame). The
 * frame's origin is opaque (sandbox without allow-same-origin), so it cannot name the shell's origin: what it posts
 * carries nothing secret (the app's own errors and page names), and the shell checks the sender (its own frame)
 * and the shape of every message. The protocol (sources, operations, limits, shapes) is the domain's
 * `app-bridge-protocol` module, imported here rather than copied.
 */
import {
  APP_BRIDGE_MAX_IN_FLIGHT,
  APP_BRIDGE_TIMEOUT_MS,
  FRAME_SOURCE,
  SHELL_SOURCE,
  appBridgeTexts,
  type AppAuthOp,
  type AppBridgeRequest,
  type AppDataOp,
  type AppErrorItem,
  type AppFrameMessage,
} from '@buildai/domain/app-bridge-protocol';
export { FRAME_SOURCE, SHELL_SOURCE };
export type { AppErrorItem };
export type DataOp = AppDataOp;
export type AuthOp = AppAuthOp;

/** A call the shell makes for the frame (the frame has no token): `appBridgeRequestSchema` in the domain. */
export type BridgeRequest = AppBridgeRequest;
/** Everything the frame posts: `appFrameMessageSchema` and `appBridgeRequestSchema` in the domain. */
export type FrameMessage = AppFrameMessage | BridgeRequest;

export function postToShell(message: FrameMessage): void {
  if (window.parent === window) return;
  window.parent.postMessage(message, '*');
}

const MAX_TITLE = 1000;
const MAX_DETAILS = 10_000;

/** An error as the issues panel shows it, cut to the sizes the shell accepts. */
export function toErrorItem(error: unknown, componentName?: string): AppErrorItem {
  const title =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'string'
        ? error
        : String(error);
  const details = error instanceof Error ? (error.stack ?? title) : title;
  return {
    title: title.slice(0, MAX_TITLE),
    details: details.slice(0, MAX_DETAILS),
    ...(componentName ? { componentName: componentName.slice(0, 200) } : {}),
  };
}

export function reportToShell(error: AppErrorItem): void {
  postToShell({ source: FRAME_SOURCE, type: 'error', error });
}

// -------------------------------------------------------------------------------------------------------------
// Requests: the app database and sign-in, made by the shell with the visitor's session
// -------------------------------------------------------------------------------------------------------------

/** Why a call of the app database or of auth failed: the server's message, its code and HTTP status. */
export class AppDataError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(message: string, code: string, status: number) {
    super(message);
    this.name = 'AppDataError';
    this.code = code;
    this.status = status;
  }
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout> | null;
}

type Outgoing =
  | { type: 'data'; op: DataOp; entity: string; args: Record<string, unknown> }
  | { type: 'auth'; op: AuthOp }
  | { type: 'function'; name: string; input: unknown };

const pending = new Map<string, Pending>();
const queue: { message: Outgoing; id: string }[] = [];
let sequence = 0;
let listening = false;

function newRequestId(): string {
  sequence += 1;
  return `r${sequence}_${Math.random().toString(36).slice(2, 10)}`;
}

function pump(): void {
  while (
    queue.length > 0 &&
    [...pending.values()].filter((p) => p.timer !== null).length < APP_BRIDGE_MAX_IN_FLIGHT
  ) {
    const next = queue.shift()!;
    const entry = pending.get(next.id);
    if (!entry) continue;
    entry.timer = setTimeout(() => {
      settle(next.id, {
        ok: false,
        error: { code: 'bridge/timeout', message: appBridgeTexts.timeout, status: 0 },
      });
    }, APP_BRIDGE_TIMEOUT_MS);
    postToShell({ source: FRAME_SOURCE, id: next.id, ...next.message } as BridgeRequest);
  }
}

type Settlement =
  { ok: true; result: unknown } | { ok: false; error: { code: string; message: string; status: number } };

function settle(id: string, outcome: Settlement): void {
  const entry = pending.get(id);
  if (!entry) return;
  pending.delete(id);
  if (entry.timer !== null) clearTimeout(entry.timer);
  if (outcome.ok) entry.resolve(outcome.result);
  else entry.reject(new AppDataError(outcome.error.message, outcome.error.code, outcome.error.status));
  pump();
}

/**
 * A reply of the shell (`appBridgeReplySchema`), from the frame's parent only; anything else is ignored. Answers
 * whether the message was one.
 */
export function receiveReply(data: unknown): boolean {
  if (!data || typeof data !== 'object') return false;
  const reply = data as {
    source?: unknown;
    type?: unknown;
    id?: unknown;
    ok?: unknown;
    result?: unknown;
    error?: unknown;
  };
  if (reply.source !== SHELL_SOURCE || reply.type !== 'reply' || typeof reply.id !== 'string') return false;
  if (reply.ok === true) {
    settle(reply.id, { ok: true, result: reply.result });
    return true;
  }
  const error = (reply.error ?? {}) as { code?: unknown; message?: unknown; status?: unknown };
  settle(reply.id, {
    ok: false,
    error: {
      code: typeof error.code === 'string' ? error.code : 'internal',
      message: typeof error.message === 'string' && error.message ? error.message : 'The request failed',
      status: typeof error.status === 'number' ? error.status : 0,
    },
  });
  return true;
}

function listenForReplies(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    receiveReply(event.data);
  });
}

/** Sends a request to the shell; resolves its result or rejects with an `AppDataError` (also after a timeout). */
export function requestShell<T>(message: Outgoing): Promise<T> {
  if (typeof window === 'undefined' || window.parent === window) {
    return Promise.reject(
      new AppDataError('The app database is available only inside the app’s page', 'bridge/no-shell', 0),
    );
  }
  listenForReplies();
  const id = newRequestId();
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer: null });
    queue.push({ message, id });
    pump();
  });
}

/** Requests waiting for a reply and waiting to be sent (for tests). */
export function pendingRequests(): { inFlight: number; queued: number } {
  return { inFlight: [...pending.values()].filter((p) => p.timer !== null).length, queued: queue.length };
}
