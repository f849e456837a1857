/**
 * The error catalogue: one code → { status, message }. Messages are the spec's, verbatim
 * (spec 000 §5 and §8, spec 001 §5 and §8). The server throws `AppError(code)`; the web client
 * rebuilds it from `{ error: { code, message } }` and shows the message.
 */
export const errorCatalogue = {
  // generic
  'request/invalid': { status: 400, message: 'The request is invalid' },
  // carries the route's limit in its message (requestTooLargeMessage)
  'request/too-large': { status: 413, message: 'The request is too large' },
  'auth/unauthenticated': { status: 401, message: 'You need to sign in to do that' },
  'auth/forbidden': { status: 403, message: 'You are not allowed to do that' },
  'not-found': { status: 404, message: 'Not found' },
  internal: { status: 500, message: 'Something went wrong, please try again later' },

  // sign-up (spec 000 §5)
  'auth/weak-password': { status: 400, message: 'This password is too weak' },
  'auth/email-already-in-use': { status: 409, message: 'This email is already in use, try logging in' },
  'auth/invalid-email': { status: 400, message: 'This email is invalid' },
  'auth/tenant-required': { status: 400, message: 'Sign-up is not available here' },
  // login
  'auth/invalid-credentials': { status: 401, message: 'Invalid email or password' },
  'auth/user-disabled': { status: 403, message: 'User is disabled, contact us for more info' },
  'auth/too-many-requests': { status: 429, message: 'Too many login attempts, try again later' },
  'auth/invalid-refresh-token': { status: 401, message: 'Your session has ended, please sign in again' },
  // sign-in and session calls refuse requests another site's page could have sent (login CSRF)
  'auth/cross-site-request': {
    status: 403,
    message: 'This request must come from this site as JSON; reload the page and try again',
  },
  // password reset
  'auth/invalid-action-code': { status: 400, message: 'Link invalid, try to reset your password again.' },
  'auth/reset-weak-password': { status: 400, message: 'Password is too weak, please try again' },
  'auth/user-not-found': { status: 404, message: 'User not found or disabled' },
  'auth/reset-failed': { status: 500, message: 'Error resetting password!' },
  // email change
  'auth/email-already-exists': { status: 409, message: 'This email is already in use' },
  // magic link
  'auth/invalid-magic-link': { status: 400, message: 'Invalid or expired magic link' },
  'auth/invalid-email-address': { status: 400, message: 'Invalid email address' },
  'auth/magic-link-failed': { status: 500, message: 'Failed to sign in with magic link' },
  'auth/invalid-otp': { status: 400, message: 'This code is invalid or has expired' },
  ATTEMPTS_EXCEEDED: { status: 429, message: 'Too many wrong codes, request a new code' },
  'auth/too-many-emails': { status: 429, message: 'Too many emails requested, try again later' },
  'auth/invalid-custom-token': { status: 401, message: 'This sign-in has expired, please try again' },
  'auth/wrong-password': { status: 400, message: 'Your current password is not correct' },
  'auth/google-not-configured': { status: 404, message: 'Google sign-in is not available here' },
  'auth/google-failed': { status: 400, message: 'Google sign-in failed, please try again' },
  'auth/email-not-verified': { status: 403, message: 'Verify your email to continue' },
  // plans
  'plan/unknown': { status: 400, message: 'There is no plan with this name' },

  // accounts
  'account/not-found': { status: 404, message: 'Account not found' },
  'account/create-failed': {
    status: 500,
    message: 'Something went wrong in creating account, try again later or contact us',
  },

  // apps and tools (spec 001 §5, §8)
  'app/not-found': { status: 404, message: 'App not found' },
  'tool/not-found': { status: 404, message: 'Tool not found' },
  'tool/path-invalid': {
    status: 400,
    message: 'Path should contain only letters, numbers, and dashes. It cannot be empty.',
  },
  'tool/header-required': {
    status: 400,
    message: 'Your tool should have a header before it is activated',
  },
  'tool/not-active': { status: 404, message: 'This tool is not active' },
  'app/save-failed': { status: 500, message: 'Failed to save app' },
  'tool/save-failed': { status: 500, message: 'Failed to save tool' },
  'field/reserved-name': { status: 400, message: 'Input is a reserved field name, try another name' },
  'field/already-exists': { status: 400, message: 'Field already exists' },
  'field/required': { status: 400, message: 'Please fill in all required fields' },
  'tool/prompt-empty': { status: 400, message: 'This tool has no prompt yet' },
  'tool/path-taken': { status: 409, message: 'Another tool of this app already uses this path' },
  'tool/title-too-long': { status: 400, message: 'The title is too long' },
  // these two carry the limit in their message (builderMessages.maxTools / liveToolLimit)
  'tool/too-many': { status: 400, message: 'You have reached the maximum number of tools allowed per app' },
  'tool/live-limit': { status: 403, message: 'Upgrade your plan to activate more tools' },
  'tool/not-in-generated-app': { status: 400, message: 'Tools can be added to generated apps only' },
  'field/generated-exists': { status: 400, message: 'Field already exists, try another name' },
  // carries the limit in its message (builderMessages.maxFields)
  'field/too-many': { status: 400, message: 'There are too many custom fields' },
  'field/name-too-long': { status: 400, message: 'The field name is too long' },
  'field/type-admin-only': { status: 403, message: 'This field type is available to admins only' },
  'field/type-paid-only': { status: 403, message: 'Photo fields are available on paid plans' },
  'field/option-empty': { status: 400, message: 'Option is empty' },
  'field/option-exists': { status: 400, message: 'Option already exists' },
  'field/multi-step-needs-field': { status: 400, message: 'Add a field before turning on multi-step input' },
  'field/step-unknown': { status: 400, message: 'A field belongs to a step that does not exist' },
  'settings/locked': { status: 403, message: 'Upgrade your plan to edit tool settings' },
  'settings/admin-only': { status: 403, message: 'Only admins can change this setting' },
  'settings/category-empty': { status: 400, message: 'Category name cannot be empty' },
  'settings/category-exists': { status: 400, message: 'Category already exists' },
  'settings/signup-needs-links': {
    status: 400,
    message: 'User signup needs a terms of service link, a privacy policy link and a support email',
  },
  'settings/signup-needs-publish': {
    status: 400,
    message: 'Publish your app or set a custom domain before enabling user signup',
  },
  'style/save-failed': { status: 500, message: 'Failed to save app style' },
  'settings/save-failed': { status: 500, message: 'Failed to save app settings' },
  'magic/failed': { status: 502, message: 'Magic edit failed' },
  'upload/too-large': { status: 413, message: 'File size to large' },
  'upload/not-image': { status: 400, message: 'Only images can be uploaded here' },
  'analytics/not-published': { status: 403, message: 'Publish your app to access analytics' },
  // carry the limit in their message (builderMessages.dailyLimitReached / weeklyLimitReached)
  'run/daily-limit': { status: 429, message: 'You have reached the daily limit of runs, come back tomorrow' },
  'run/weekly-limit': {
    status: 429,
    message: 'You have reached the weekly limit of runs, come back next week',
  },
  'run/not-found': { status: 404, message: 'Result not found' },

  // space apps (spec 001 §2–§9, decision 0007)
  'space/not-space-app': { status: 400, message: 'This app is not a space app' },
  // a generated app's App Chat (decision 0015)
  'generated/chat-locked': { status: 403, message: 'Upgrade your plan to build your app through the chat' },
  'space/path-invalid': { status: 400, message: 'This file path is not allowed' },
  'space/file-not-found': { status: 404, message: 'File not found' },
  'space/too-many-files': { status: 400, message: 'This app has too many files' },
  'space/chat-busy': { status: 409, message: 'Please wait for chat to finish' },
  'space/preview-token-invalid': {
    status: 401,
    message: 'This preview link has expired or is not valid: open the app in the builder again',
  },
  'space/preview-token-other-app': { status: 403, message: 'This preview link is for another app' },
  'space/autofix-limit': {
    status: 409,
    message: 'Auto fix already tried twice in a row: describe the problem to the assistant instead',
  },
  'space/message-not-found': { status: 404, message: 'Message not found' },
  'space/model-no-vision': {
    status: 422,
    message:
      'The AI model does not read images: choose one that does (for example GPT-4o, Claude or Gemini), or describe the design in words',
  },
  'space/publish-build-failed': {
    status: 422,
    message: 'This app does not build, so it cannot be published: fix its build errors first',
  },
  'space/ai-not-configured': {
    status: 503,
    message: 'The chat needs an AI model: the operator must set AI_PROVIDER (see the README)',
  },
  // secrets and server functions (spec 001 §5, §8; issue 31, decision 0014)
  'secrets/values-required': { status: 400, message: 'Please enter values for all secrets' },
  'secrets/key-invalid': {
    status: 400,
    message: 'A secret name is letters, digits and underscores, starting with a letter (e.g. STRIPE_API_KEY)',
  },
  'secrets/too-many': { status: 400, message: 'An app holds at most 50 secrets' },
  'secrets/not-found': { status: 404, message: 'Secret not found' },
  'function/not-found': { status: 404, message: 'Function not found' },
  'function/name-invalid': {
    status: 400,
    message: 'A function name is letters, digits, dashes and underscores',
  },
  'function/build-failed': { status: 422, message: 'This function could not be built' },
  'function/failed': { status: 422, message: 'The function failed' },
  'function/cpu-limit': { status: 422, message: 'The function used more than 5 seconds of CPU time' },
  'function/timeout': { status: 504, message: 'The function did not finish within 10 seconds' },
  'function/memory-limit': { status: 422, message: 'The function used more than 64 MB of memory' },
  'function/output-limit': { status: 422, message: 'The function returned or printed more than 1 MB' },
  'function/busy': {
    status: 429,
    message: 'This app runs too many function calls at once; try again in a moment',
  },
  'version/not-found': { status: 404, message: 'Version not found' },
  // the validation and repair tester (spec 001 §7, §8)
  'validation/failed': { status: 500, message: 'Failed to validate' },
  'validation/repair-needs-issues': {
    status: 400,
    message: 'Please run validation first and ensure there are issues to repair',
  },
  'validation/repair-failed': { status: 502, message: 'Failed to repair with default model' },
  'version/no-message-id': { status: 400, message: 'No message ID found for this version' },
  'version/restore-failed': { status: 500, message: 'Failed to restore version' },
  // a revert changes who may read or write data only as the builder saw it (issue 32, item 6)
  'version/access-unconfirmed': {
    status: 409,
    message: 'This revert changes who can read or write data: review the changes and confirm them',
  },
  // the app database (spec 001 §5, §8; issue "The app database")
  'entity/not-found': { status: 404, message: 'Entity not found' },
  'entity/builtin': {
    status: 400,
    message: "The User entity is built in; only its records' roles can be changed",
  },
  'entity/too-many': { status: 400, message: 'This app has too many entities' },
  'entity/permissions-chat-busy': {
    status: 409,
    message: 'Please wait for chat to finish before updating permissions',
  },
  'record/not-found': { status: 404, message: 'Record not found' },
  'record/invalid': { status: 400, message: 'This record does not match its entity' },
  'record/empty': { status: 400, message: 'An empty row cannot be saved' },
  'record/too-large': { status: 413, message: 'This record is too large' },
  'csv/mapping-failed': {
    status: 502,
    message: "Couldn't generate AI mapping suggestions. Using basic mapping instead.",
  },
  // end users and money (spec 001 §7, §8; issue "End users and money")
  'payments/membership-required': { status: 402, message: 'A membership is needed to use this app' },
  'payments/products-failed': { status: 502, message: 'Failed to fetch Gumroad products' },
  /** Gumroad refused the access token typed: the builder's input, not an outage (same words for the panel) */
  'payments/token-refused': { status: 400, message: 'Failed to fetch Gumroad products' },
  'payments/connect-failed': { status: 502, message: 'Failed to connect to Gumroad' },
  'payments/no-access-token': { status: 400, message: 'Enter your Gumroad access token first' },
  'payments/product-not-found': {
    status: 400,
    message: 'This product was not found in your Gumroad account',
  },
  'payments/signup-required': { status: 400, message: 'Turn on user signup before paid memberships' },
  'payments/not-configured': {
    status: 404,
    message:
      'Purchases are not turned on for this server. The operator sets GUMROAD_ACCESS_TOKEN to turn them on',
  },
  'payments/sale-not-verified': { status: 401, message: 'This payment could not be confirmed yet' },
  'payments/too-many-pings': { status: 429, message: 'Too many payment pings, try again later' },
  'settings/domain-taken': { status: 409, message: 'This domain is already used by another app' },
  'settings/support-email-invalid': { status: 400, message: 'Enter a valid support email' },
  'settings/domain-reserved': {
    status: 400,
    message: "This is the builder's own address, choose another domain for your app",
  },
  'claim/not-claimable': { status: 400, message: 'This app cannot be claimed' },
  'claim/not-published': { status: 400, message: "You can't copy invite link until you publish your app" },
  'claim/invitation-not-found': { status: 404, message: 'This invitation is not valid' },
  'claim/invitation-used': { status: 410, message: 'This invitation has already been used' },
  'claim/invitation-dead': { status: 410, message: 'This invitation is no longer valid, ask for a new one' },
  'claim/wrong-code': { status: 400, message: 'This code is not correct' },
  'claim/too-many-tries': { status: 429, message: 'Too many wrong codes, try again in an hour' },
  'claim/own-app': { status: 400, message: 'This app is already yours' },
  'collaborator/invalid-email': { status: 400, message: 'Enter a valid email address' },
  'collaborator/too-many-invites': {
    status: 429,
    message: 'Too many invitations sent, try again in an hour',
  },
  'collaborator/invite-invalid': {
    status: 400,
    message: 'This invitation is not valid any more, ask the owner for a new one',
  },
  'collaborator/invite-other-email': {
    status: 403,
    message: 'This invitation was sent to another email address: sign in with that address to accept it',
  },
  'collaborator/owner': { status: 400, message: 'The owner of an app is not one of its collaborators' },
  'collaborator/not-collaborator': { status: 404, message: 'This builder is not a collaborator of this app' },
  'app/owner-only': { status: 403, message: 'Only the owner of this app can do that' },
  'template/not-found': { status: 404, message: 'Template not found' },
  'rating/failed': { status: 500, message: 'Failed to submit rating' },
  'rating/not-assistant': { status: 400, message: 'Only an assistant message can be rated' },
  'rating/already-rated': { status: 409, message: 'This response is already rated' },

  // data sources (spec 000 §5, §7, §8)
  'context/not-found': { status: 404, message: 'Item not found' },
  'file-too-big': { status: 400, message: 'Failed to upload context, file size is too big' },
  'context/csv-invalid': {
    status: 400,
    message: 'Failed to upload context, make sure your CSV file has column headers and a few rows',
  },
  'context/unsupported-type': { status: 400, message: 'This file type is not supported' },
  'context/no-text': { status: 400, message: 'Please enter some text' },
  'context/no-file': { status: 400, message: 'Please upload a file' },
  'context/item-limit': {
    status: 403,
    message: 'Your plan keeps 1 data item. Upgrade your plan to add more.',
  },
  'context/file-limit': { status: 403, message: 'You have reached the number of files your plan allows' },
  'context/data-limit': {
    status: 403,
    message: 'You have reached the monthly data processing limit of your plan',
  },
  'context/unsafe-document': { status: 400, message: 'This document could not be read safely' },
  // documents people really upload (decision 0004, "Documents people upload")
  'context/password-protected': {
    status: 400,
    message: 'This file is password-protected. Remove the password and upload it again',
  },
  'context/damaged-file': { status: 400, message: 'This file is damaged and could not be read' },
  'context/too-complex': { status: 400, message: 'This document is too large or complex to read' },
  'context/no-text-found': {
    status: 400,
    message:
      'No text was found in this file. If it is a scan or images, upload a version with selectable text',
  },
  'context/parse-timeout': { status: 400, message: 'This document took too long to read' },
  'context/url-refused': { status: 400, message: 'This address cannot be imported' },
  // why a web page could not be imported (decision 0006); 5xx ones are retried by the ingestion job
  'context/page-not-found': { status: 400, message: 'The web page was not found (the site answered 404)' },
  'context/page-error': { status: 502, message: 'The site answered with an error' },
  'context/page-not-html': { status: 400, message: 'This address is not a web page (HTML or plain text)' },
  'context/page-timeout': { status: 504, message: 'The web page took too long to answer' },
  'context/page-unreachable': { status: 502, message: 'The site could not be reached' },
  'context/page-redirects': { status: 400, message: 'The web page redirects too many times' },
  'context/not-retryable': { status: 400, message: 'Only a failed item can be retried' },
  'integration/not-configured': { status: 404, message: 'This import is not available here' },
  'integration/not-connected': { status: 400, message: 'Connect your account first' },

  // runs and AI
  'ai/not-configured': {
    status: 503,
    message:
      'No AI provider is configured. The operator must set AI_PROVIDER (openai, anthropic, openrouter, ollama or openai-compatible) and AI_API_KEY, and AI_BASE_URL for ollama or an OpenAI-compatible server.',
  },
  /** what a visitor sees when the operator has set no provider (the builder sees `ai/not-configured`) */
  'ai/unavailable': { status: 503, message: 'This tool is not available right now, please try again later' },
  'ai/provider-failed': { status: 502, message: 'The AI provider failed to answer, please try again later' },
  'ai/model-unknown': { status: 400, message: 'This AI model is not available' },

  // evaluations (decision 0019)
  'evaluation/no-cases': { status: 400, message: 'Add a test case before running the evaluation' },
  'evaluation/busy': {
    status: 409,
    message: 'This evaluation is already running: wait for its results before starting another run',
  },
  'evaluation/run-not-found': { status: 404, message: 'Evaluation run not found' },

  // the chat assistant, API keys, the REST API, MCP and OpenAI-compatible chat (decision 0010)
  'chat/not-active': { status: 404, message: 'This chat assistant is not active' },
  'chat/not-available': { status: 400, message: 'This kind of app has no chat assistant' },
  'chat/conversation-not-found': { status: 404, message: 'Conversation not found' },
  'chat/nothing-to-retry': { status: 400, message: 'There is no answer to retry' },
  // spec 001 §5: the message names the path (toolPathNotFoundMessage)
  'tool/path-not-found': { status: 404, message: 'Tool with path {path} not found' },
  'api-key/missing': {
    status: 401,
    message: 'Send an API key of this app as Authorization: Bearer bai_sk_…',
  },
  'api-key/invalid': { status: 401, message: 'This API key is not valid for this app' },
  'api-key/rate-limited': { status: 429, message: 'Too many requests with this API key, slow down' },
  'api-key/too-many': { status: 400, message: 'An app can have at most 20 API keys, revoke one first' },
  'api-key/not-found': { status: 404, message: 'API key not found' },
  'api-key/chat-app': {
    status: 400,
    message:
      "An assistant's data sources have no API keys: create the key in the app the assistant belongs to",
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export interface ErrorBody {
  error: { code: string; message: string; field?: string; details?: unknown };
}

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly field?: string;
  readonly details?: unknown;

  constructor(
    code: ErrorCode | string,
    opts: { message?: string; field?: string; details?: unknown; status?: number } = {},
  ) {
    const known = (errorCatalogue as Record<string, { status: number; message: string }>)[code];
    super(opts.message ?? known?.message ?? errorCatalogue.internal.message);
    this.name = 'AppError';
    this.code = code;
    this.status = opts.status ?? known?.status ?? 500;
    this.field = opts.field;
    this.details = opts.details;
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.field ? { field: this.field } : {}),
        ...(this.details !== undefined ? { details: this.details } : {}),
      },
    };
  }

  static fromBody(body: unknown, status: number): AppError {
    const e = (body as ErrorBody | undefined)?.error;
    if (e && typeof e.code === 'string') {
      return new AppError(e.code, { message: e.message, field: e.field, details: e.details, status });
    }
    return new AppError('internal', { status });
  }
}

/** Toast texts of the spec used by the web client when a call fails (spec 000 §8, spec 001 §8). */
export const toastMessages = {
  accountCreateFailed: 'Something went wrong in creating account, try again later or contact us',
  saveFailedUser: 'Failed saving app, your changes might be lost. Please try again or contact us',
  saveAppFailed: 'Failed to save app',
  saveToolFailed: 'Failed to save tool',
  saveStyleFailed: 'Failed to save app style',
  saveSettingsFailed: 'Failed to save app settings',
  publishForAnalytics: 'Publish your app to access analytics',
  resetEmailFailed:
    'Something went wrong sending password reset email. Please try again later or contact support',
  emailChangeFailed:
    'Something went wrong when confirming email change. Please try again later or contact support',
  magicLinkFailed: 'Failed to send magic link. Please try again.',
  invitationFailed: 'Failed to get invitation, try again later',
  productsFailed: 'Failed to fetch Gumroad products',
  connectFailed: 'Failed to connect to Gumroad',
} as const;

/** Success messages of the sign-in flows (spec 000 §5). */
export const authMessages = {
  passwordReset: 'Password reset successfully',
  emailUpdated: 'Email updated',
  magicLinkSignedIn: 'Successfully signed in!',
} as const;
