/**
 * The bridge protocol between a space app's frame and the runtime shell (docs/decisions/0008, "The data bridge"),
 * as plain values: the message sources, the operations, the limits, the entity-name rule and the shell's own
 * texts. The app SDK (packages/app-runtime) imports this module alone (`@buildai/domain/app-bridge-protocol`): it
 * has no runtime import, so the frame's bundle takes no schema library with it. The shapes are the zod schemas of
 * `app-bridge.ts` and `space-apps.ts`, whose types are re-exported here.
 */

/** The `source` of every message the app's frame posts. */
export const FRAME_SOURCE = 'buildai-app';
/** The `source` of every message the shell posts to the frame. */
export const SHELL_SOURCE = 'buildai-shell';

/** The entity operations of `entities.{Name}` the shell performs. */
export const appDataOps = ['list', 'get', 'create', 'update', 'delete', 'bulkCreate'] as const;
export type AppDataOp = (typeof appDataOps)[number];
/** The operations of `auth`. */
export const appAuthOps = ['me', 'signIn', 'signUp', 'signOut'] as const;
export type AppAuthOp = (typeof appAuthOps)[number];

/** Requests one frame may have open at once: the SDK queues past this, the shell refuses past twice this. */
export const APP_BRIDGE_MAX_IN_FLIGHT = 6;
export const APP_BRIDGE_SHELL_MAX_IN_FLIGHT = 12;
/** How long the SDK waits for a reply before the call fails. */
export const APP_BRIDGE_TIMEOUT_MS = 30_000;
/** The largest request the shell takes, as JSON (the server's own cap on a JSON body is 1 MB). */
export const MAX_APP_BRIDGE_REQUEST_CHARS = 1_000_000;

/** Entity names: a letter, then letters, digits and underscores (64 at most); the SDK refuses others before asking. */
export const ENTITY_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Errors the shell itself answers, and the SDK's own when the shell never answers (the call never reached the server). */
export const appBridgeTexts = {
  busy: 'Too many requests at once from this app; try again in a moment',
  needsGesture: 'Sign-in and sign-out run only when the visitor clicks or taps in the app',
  invalid: (message: string) => `The app sent a request the page cannot make: ${message}`,
  previewAuth:
    'In the preview you are signed in as the app’s owner. Sign-in and sign-out work for visitors of the published app.',
  timeout: 'The app database did not answer in time',
} as const;

export type {
  AppBridgeError,
  AppBridgeReply,
  AppBridgeRequest,
  AppDataRequest,
  AppAuthRequest,
  AppFunctionRequest,
} from './app-bridge';
export type { AppErrorItem, AppFrameMessage, ShellMessage } from './space-apps';
