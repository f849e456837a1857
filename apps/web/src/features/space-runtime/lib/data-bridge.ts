import {
  APP_BRIDGE_SHELL_MAX_IN_FLIGHT,
  AppError,
  appBridgeRequestSchema,
  appBridgeTexts,
  type AppAuthActionResult,
  type AppBridgeError,
  type AppBridgeReply,
  type AppBridgeRequest,
} from '@buildai/domain';
import { clearToken, getToken, mightHaveSession } from '@/lib/session';
import { LOGIN_PATH } from '@/lib/redirect';
import {
  bulkCreateAppRecords,
  createAppRecord,
  deleteAppRecord,
  fetchAppUser,
  getAppRecord,
  invokeAppFunction,
  listAppRecords,
  signOutSession,
  updateAppRecord,
} from '../api/app-data';

/**
 * The shell's side of the data bridge (docs/decisions/0008, "The data bridge"): what a request of the app's frame
 * becomes. The frame has an opaque origin and no token; the shell makes each call with the product's own session,
 * so the server's permissions decide, and answers `{id, ok, result | error}`.
 */

export interface DataBridgeContext {
  appId: string;
  /**
   * The owner's preview (the builder's workspace, or the owner's own page before publishing): the calls run as the
   * owner, and sign-in, sign-up and sign-out only say why they do nothing (the builder stays signed in).
   */
  preview: boolean;
  /** shows a short notice over the app (a sign-in action in the preview) */
  onNotice?: (text: string) => void;
  /** the visitor signed out: the app is loaded again, as for anyone */
  onSignedOut?: () => void;
  /** leaves for the app's sign-in page (window.location.assign in the browser) */
  goTo?: (url: string) => void;
  /** the address to come back to after signing in (the page's own path and query) */
  currentAddress?: () => string;
  /**
   * Whether the visitor has just clicked or tapped (in the frame, or anywhere in the page): a click in a frame
   * activates the page around it too (HTML user activation). Sign-in, sign-up and sign-out wait for one, so an app
   * cannot sign its visitors out or send them away as it loads (ASVS 5.0 V3.5). Default: the browser's transient
   * user activation; a browser without that API lets the call through. The frame passes `frameGesture`.
   */
  hasUserGesture?: () => boolean;
}

function browserGesture(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation;
  return activation ? activation.isActive : true;
}

/**
 * A gesture in the app's frame: the page has transient user activation and the frame holds the focus (a click or tap
 * in a frame focuses it). Activation alone is not enough: Chromium gives a document opened from the address bar
 * activation of its own for a few seconds, which an app calling sign-out as it loads would ride on (issue 32, 21).
 */
export function frameGesture(frame: HTMLIFrameElement | null): boolean {
  return frame !== null && document.activeElement === frame && browserGesture();
}

/** What the frame posted, if it is a request: the parsed request, or why it is refused (with its id to answer). */
export type ParsedRequest =
  | { kind: 'request'; request: AppBridgeRequest }
  | { kind: 'invalid'; id: string; message: string }
  | { kind: 'none' };

const REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function parseBridgeRequest(data: unknown): ParsedRequest {
  if (!data || typeof data !== 'object') return { kind: 'none' };
  const raw = data as { source?: unknown; type?: unknown; id?: unknown };
  if (raw.source !== 'buildai-app' || (raw.type !== 'data' && raw.type !== 'auth' && raw.type !== 'function'))
    return { kind: 'none' };
  const parsed = appBridgeRequestSchema.safeParse(data);
  if (parsed.success) return { kind: 'request', request: parsed.data };
  // a request without a usable id cannot be answered: the frame's own timeout ends it
  if (typeof raw.id !== 'string' || !REQUEST_ID.test(raw.id)) return { kind: 'none' };
  const issue = parsed.error.issues[0]!;
  const at = issue.path.map(String).join('.');
  return {
    kind: 'invalid',
    id: raw.id,
    message: appBridgeTexts.invalid(at ? `${at}: ${issue.message}` : issue.message),
  };
}

/** An error as generated code gets it: the server's code, message and status. */
export function toBridgeError(error: unknown): AppBridgeError {
  if (error instanceof AppError) {
    return { code: error.code, message: error.message.slice(0, 2000), status: error.status };
  }
  const internal = new AppError('internal');
  return { code: internal.code, message: internal.message, status: 0 };
}

/**
 * One read; a 401 after which the session is gone (its refresh failed) is made once more, as anonymous. Writes are
 * not repeated: a record meant as the user's must not be created as nobody's.
 */
async function once<T>(call: () => Promise<T>): Promise<T> {
  const hadToken = getToken() !== null;
  try {
    return await call();
  } catch (error) {
    if (hadToken && error instanceof AppError && error.status === 401 && getToken() === null) return call();
    throw error;
  }
}

function loginUrl(appId: string, mode: 'signIn' | 'signUp', back: string): string {
  const params = new URLSearchParams({ appId, redirectTo: back });
  if (mode === 'signUp') params.set('mode', 'signup');
  return `${LOGIN_PATH}?${params.toString()}`;
}

async function auth(
  request: Extract<AppBridgeRequest, { type: 'auth' }>,
  ctx: DataBridgeContext,
): Promise<unknown> {
  if (request.op === 'me') return (await once(() => fetchAppUser(ctx.appId))).user;
  if (ctx.preview) {
    ctx.onNotice?.(appBridgeTexts.previewAuth);
    return { redirecting: false, notice: appBridgeTexts.previewAuth } satisfies AppAuthActionResult;
  }
  if (!(ctx.hasUserGesture ?? browserGesture)()) {
    throw new AppError('bridge/needs-gesture', { message: appBridgeTexts.needsGesture, status: 403 });
  }
  if (request.op === 'signOut') {
    if (getToken() !== null || mightHaveSession()) {
      await signOutSession();
      clearToken();
    }
    ctx.onSignedOut?.();
    return { redirecting: false } satisfies AppAuthActionResult;
  }
  const { user } = await once(() => fetchAppUser(ctx.appId));
  if (user) return { redirecting: false } satisfies AppAuthActionResult;
  // another session (a builder, another app's user) would send the sign-in page straight back: it ends first
  if (getToken() !== null || mightHaveSession()) {
    await signOutSession();
    clearToken();
  }
  const back = ctx.currentAddress?.() ?? `${window.location.pathname}${window.location.search}`;
  (ctx.goTo ?? ((url: string) => window.location.assign(url)))(loginUrl(ctx.appId, request.op, back));
  return { redirecting: true } satisfies AppAuthActionResult;
}

async function data(request: Extract<AppBridgeRequest, { type: 'data' }>, appId: string): Promise<unknown> {
  const { entity } = request;
  switch (request.op) {
    case 'list':
      return once(() => listAppRecords(appId, entity, request.args));
    case 'get':
      return once(() => getAppRecord(appId, entity, request.args.id));
    case 'create':
      return createAppRecord(appId, entity, request.args.fields);
    case 'update':
      return updateAppRecord(appId, entity, request.args.id, request.args.fields);
    case 'delete':
      await deleteAppRecord(appId, entity, request.args.id);
      return null;
    case 'bulkCreate':
      return bulkCreateAppRecords(appId, entity, request.args.records);
  }
}

/** Makes the call of one request and answers the reply to post back; never throws. */
export async function answerRequest(
  request: AppBridgeRequest,
  ctx: DataBridgeContext,
): Promise<AppBridgeReply> {
  try {
    const result =
      request.type === 'auth'
        ? await auth(request, ctx)
        : request.type === 'function'
          ? await invokeAppFunction(ctx.appId, request.name, request.input, ctx.preview)
          : await data(request, ctx.appId);
    return { source: 'buildai-shell', type: 'reply', id: request.id, ok: true, result: result ?? null };
  } catch (error) {
    return { source: 'buildai-shell', type: 'reply', id: request.id, ok: false, error: toBridgeError(error) };
  }
}

export function errorReply(id: string, error: AppBridgeError): AppBridgeReply {
  return { source: 'buildai-shell', type: 'reply', id, ok: false, error };
}

/**
 * The requests of one frame: at most APP_BRIDGE_SHELL_MAX_IN_FLIGHT at once (the SDK itself keeps to half of
 * that); past it a request is refused at once with `bridge/busy`.
 */
export class BridgeGate {
  private inFlight = 0;
  constructor(private readonly max = APP_BRIDGE_SHELL_MAX_IN_FLIGHT) {}

  async run(request: AppBridgeRequest, ctx: DataBridgeContext): Promise<AppBridgeReply> {
    if (this.inFlight >= this.max) {
      return errorReply(request.id, { code: 'bridge/busy', message: appBridgeTexts.busy, status: 429 });
    }
    this.inFlight += 1;
    try {
      return await answerRequest(request, ctx);
    } finally {
      this.inFlight -= 1;
    }
  }
}
