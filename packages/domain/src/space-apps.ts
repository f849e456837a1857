import type { SHELL_SOURCE } from './app-bridge-protocol';
import { FRAME_SOURCE } from './app-bridge-protocol';
import { z } from 'zod';
import { usageRecordSchema } from './run-events';

/**
 * Space apps (spec 001 §2–§9, issue "Space apps written through the chat"; architecture §7): the app's files, the chat that
 * writes them, versions, ratings and the runtime's error reports. Choices the spec leaves open are in
 * docs/decisions/0007-space-apps.md.
 */

// ---------------------------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------------------------

/** Longest file path, and the most text one file may hold (a generated page is a few KB; 400 KB is far past it). */
export const MAX_APP_FILE_PATH = 200;
export const MAX_APP_FILE_CHARS = 400_000;
/** Most files one app may hold. */
export const MAX_APP_FILES = 300;
/** Versions kept per app (spec 001 §3, §9). */
export const MAX_APP_VERSIONS = 10;
/** Autofix turns in a row before the chat stops trying on its own (issue 18: "at most twice in a row"). */
export const MAX_AUTOFIX_IN_A_ROW = 2;
/** The page an app opens on when its `mainPage` setting is empty. */
export const DEFAULT_MAIN_PAGE = 'Home';

const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * Why a file path is refused, or null when it is fine: relative, `/`-separated, no empty, `.` or `..` segment, no
 * backslash or control character, at most MAX_APP_FILE_PATH characters.
 */
export function appFilePathProblem(path: string): string | null {
  if (path.length === 0) return 'The file path is empty';
  if (path.length > MAX_APP_FILE_PATH) return `The file path is longer than ${MAX_APP_FILE_PATH} characters`;
  if (CONTROL_CHARS.test(path)) return 'The file path contains a control character';
  if (path.includes('\\')) return 'The file path contains a backslash';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'The file path must be relative to the app';
  const segments = path.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) {
    return 'The file path has an empty, "." or ".." segment';
  }
  return null;
}

export const appFilePathSchema = z.string().superRefine((path, ctx) => {
  const problem = appFilePathProblem(path);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const appFileSchema = z.object({
  path: appFilePathSchema,
  content: z.string().max(MAX_APP_FILE_CHARS),
});
export type AppFile = z.infer<typeof appFileSchema>;

/** GET /api/apps/{appId}/files */
export const appFilesResponse = z.object({ files: z.array(appFileSchema) });
export type AppFilesResponse = z.infer<typeof appFilesResponse>;

/** PUT /api/apps/{appId}/files/{path}: the code editor's save. */
export const saveAppFileRequest = z.object({ content: z.string().max(MAX_APP_FILE_CHARS) });
export type SaveAppFileRequest = z.infer<typeof saveAppFileRequest>;

/** `pages/{Name}.tsx` → `Name`; null for any other file. */
export function pageNameOf(path: string): string | null {
  const match = /^pages\/([A-Za-z0-9_-]+)\.(tsx|jsx|ts|js)$/.exec(path);
  return match ? match[1]! : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Versions (spec 001 §3 "Version history entry", "Version diff entry"; §7)
// ---------------------------------------------------------------------------------------------------------------

export const permissionLevels = ['anonymous', 'all', 'admin', 'creator', 'none'] as const;
export const permissionLevelSchema = z.enum(permissionLevels);
export const permissionPairSchema = z.object({ read: permissionLevelSchema, write: permissionLevelSchema });
export type PermissionPair = z.infer<typeof permissionPairSchema>;

/**
 * What a revert does to who may read and write an entity's records (issue 32, item 6): `from` null, the entity comes
 * back; `to` null, it goes with its records.
 */
export const accessChangeSchema = z.object({
  entity: z.string(),
  from: permissionPairSchema.nullable(),
  to: permissionPairSchema.nullable(),
});
export type AccessChange = z.infer<typeof accessChangeSchema>;

export const versionEntrySchema = z.object({
  id: z.string(),
  /** ms since the epoch */
  timestamp: z.number(),
  messageId: z.string().nullable(),
  /** what the turn did, in the assistant's words (the spec's "metadata with description") */
  content: z.string(),
  userRequest: z.string(),
});
export type VersionEntry = z.infer<typeof versionEntrySchema>;

export const diffStatuses = ['added', 'modified', 'deleted'] as const;

/**
 * GET /api/apps/{appId}/versions: newest first, at most MAX_APP_VERSIONS. `changes`: the files (and entity schemas,
 * as `entities/{Name}.json`) that differ from the version before, in the diff's order; null for the oldest kept
 * version, which has none before it (issue 32, item 5).
 */
export const versionsResponse = z.object({
  versions: z.array(
    versionEntrySchema.extend({
      changes: z.array(z.object({ path: z.string(), status: z.enum(diffStatuses) })).nullable(),
    }),
  ),
});
export type VersionsResponse = z.infer<typeof versionsResponse>;

/** GET /api/apps/{appId}/versions/{versionId}; `entities`: the entity schemas after that turn (the app database). */
export const versionFilesResponse = z.object({
  version: versionEntrySchema,
  files: z.array(appFileSchema),
  entities: z
    .array(
      z.object({
        name: z.string(),
        schema: z.looseObject({ properties: z.record(z.string(), z.unknown()) }),
      }),
    )
    .optional(),
  /** what restoring this version would change in the entities' access, against the app as it is now */
  accessChanges: z.array(accessChangeSchema).optional(),
});
export type VersionFilesResponse = z.infer<typeof versionFilesResponse>;

export const versionDiffEntrySchema = z.object({
  path: z.string(),
  oldCode: z.string(),
  newCode: z.string(),
  status: z.enum(diffStatuses),
});
export type VersionDiffEntry = z.infer<typeof versionDiffEntrySchema>;

/**
 * POST /api/apps/{appId}/versions/{versionId}/restore; without messageId the version's own is used. `accessChanges`:
 * the access changes the builder confirmed (the version's `accessChanges`); a revert that changes access otherwise
 * is refused (`version/access-unconfirmed`).
 */
export const restoreVersionRequest = z.object({
  messageId: z.string().min(1).max(64).optional(),
  accessChanges: z.array(accessChangeSchema).max(200).optional(),
});
export type RestoreVersionRequest = z.infer<typeof restoreVersionRequest>;

// ---------------------------------------------------------------------------------------------------------------
// Chat (spec 001 §3 "Chat message", "Action in chat messages", "Message annotation", "Context metadata")
// ---------------------------------------------------------------------------------------------------------------

export const chatActionTypes = [
  'add_file',
  'edit_file',
  'partial_edit',
  'delete_file',
  'add_entity',
  'edit_entity',
  'insert_entity_records',
  'import_entities',
  'request_secrets',
  'add_tool',
  'edit_tool',
  'remove_tool',
  'edit_app',
] as const;
export const chatActionTypeSchema = z.enum(chatActionTypes);
export type ChatActionType = z.infer<typeof chatActionTypeSchema>;

/**
 * Action types the spec names that the chat does not offer yet: no tool, so nothing calls them, but a stored one
 * still reads and shows. Every other type is an action of the registry (`chat-actions/`).
 */
export const plannedChatActionTypes = [] as const satisfies readonly ChatActionType[];
export type PlannedChatActionType = (typeof plannedChatActionTypes)[number];

export const chatActionSchema = z.object({
  title: z.string(),
  type: chatActionTypeSchema,
  file: z.string().optional(),
  content: z.string().optional(),
  isComplete: z.boolean(),
  isTruncated: z.boolean(),
  permissions: permissionPairSchema.optional(),
  /** why an action that finished did not change anything (a search text not found, a bad path); not in the spec */
  error: z.string().optional(),
  /** the entity an entity action named (add_entity, edit_entity, insert_entity_records, import_entities) */
  entity: z.string().optional(),
  /** what a record action did: records sent, inserted, and the first refused ones with why (index in the call) */
  records: z
    .object({
      sent: z.number().int(),
      inserted: z.number().int(),
      failed: z.array(z.object({ index: z.number().int(), message: z.string() })),
    })
    .optional(),
});
export type ChatAction = z.infer<typeof chatActionSchema>;

/** What kind of message the product sent on the builder's behalf. */
export const systemActionTypes = ['autofix', 'fix', 'continue', 'permissions'] as const;
export const systemActionInfoSchema = z.object({ type: z.enum(systemActionTypes) });
export type SystemActionInfo = z.infer<typeof systemActionInfoSchema>;

export const contextMetadataSchema = z.object({
  retrievedFiles: z.array(z.object({ filePath: z.string(), retrievalMethods: z.array(z.string()) })),
  relevantFiles: z.array(z.string()),
  evals: z.record(z.string(), z.object({ recall: z.number().min(0).max(1), tokenUsage: z.number() })),
});
export type ContextMetadata = z.infer<typeof contextMetadataSchema>;

export const messageRatingSchema = z.object({
  score: z.number().int().min(1).max(5),
  feedback: z.array(z.string()),
  comment: z.string(),
  createdAt: z.string(),
});
export type MessageRating = z.infer<typeof messageRatingSchema>;

/** annotations[0] of a chat message (and the UI message's `metadata` in the browser). */
export const messageAnnotationSchema = z.object({
  usage: usageRecordSchema.optional(),
  versionId: z.string().nullable().optional(),
  contextFiles: z.array(z.string()).optional(),
  contextMetadata: contextMetadataSchema.optional(),
  rating: messageRatingSchema.optional(),
  systemActionInfo: systemActionInfoSchema.optional(),
  /** the model that answered (the admin's per-message badge) */
  model: z.string().optional(),
  /** the turn ended in an error; its text, shown in the expandable error block */
  error: z.string().optional(),
  /** the builder stopped the turn (issue 32, item 3): what was complete is kept */
  stopped: z.boolean().optional(),
  /** the turn ended with the app not building: its errors (the issues panel shows them too) */
  buildErrors: z
    .array(
      z.object({
        file: z.string().nullable(),
        line: z.number().int().nullable(),
        column: z.number().int().nullable(),
        message: z.string(),
      }),
    )
    .optional(),
  /**
   * The validation detectors' errors in the app's files when the turn ended (decision 0013, "The chat's gate"):
   * the issues panel lists them and the bounded autofix sends them.
   */
  validationIssues: z
    .array(
      z.object({
        file: z.string(),
        line: z.number().int().nullable(),
        message: z.string(),
        detectorId: z.string(),
        componentName: z.string(),
      }),
    )
    .optional(),
});
export type MessageAnnotation = z.infer<typeof messageAnnotationSchema>;

export const chatRoleSchema = z.enum(['user', 'assistant']);

/**
 * A stored chat message as GET /chat/messages answers it: the spec's fields, with `parts` in the AI SDK's UI message
 * part format (text, reasoning, tool-{action type}, file, source-url) so `useChat` takes them as they are.
 */
export const chatMessageSchema = z.object({
  id: z.string(),
  role: chatRoleSchema,
  content: z.string(),
  parts: z.array(z.looseObject({ type: z.string() })),
  createdAt: z.string(),
  annotations: z.array(messageAnnotationSchema),
  actions: z.array(chatActionSchema),
  /**
   * An answer still being written (`streaming`: a reload during a turn shows it as far as it got), done
   * (`complete`), or stopped by an error (`error`); not in the spec.
   */
  status: z.enum(['streaming', 'complete', 'error']).optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const MAX_CHAT_MESSAGE_CHARS = 20_000;

/** POST /api/apps/{appId}/chat: one user message; the history is the server's. */
/** Images a chat message may carry (spec 001 §3: file parts and attachments): screenshots and designs. */
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const MAX_CHAT_IMAGES = 4;
/** The most bytes one image may hold once decoded (the web shrinks larger ones before sending). */
export const MAX_CHAT_IMAGE_BYTES = 1_500_000;
/** A chat request with its images in base64: the images' bound, and room for the text. */
export const CHAT_BODY_MAX_BYTES = Math.ceil((MAX_CHAT_IMAGES * MAX_CHAT_IMAGE_BYTES * 4) / 3) + 256 * 1024;

const base64Chars = MAX_CHAT_IMAGE_BYTES * 2;
/**
 * A file part: the spec's form (`mimeType` and base64 `data`) or the AI SDK's (`mediaType` and a `data:` URL);
 * either is checked (type, size, content) on the server.
 */
const chatFilePartSchema = z.object({
  type: z.literal('file'),
  mimeType: z.string().max(100).optional(),
  mediaType: z.string().max(100).optional(),
  data: z.string().max(base64Chars).optional(),
  url: z
    .string()
    .max(base64Chars + 100)
    .optional(),
  filename: z.string().max(200).optional(),
  name: z.string().max(200).optional(),
});
export type ChatFilePart = z.infer<typeof chatFilePartSchema>;

export const chatRequest = z.object({
  message: z.object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
    role: z.literal('user'),
    parts: z
      .array(
        z.discriminatedUnion('type', [
          z.object({ type: z.literal('text'), text: z.string().min(1).max(MAX_CHAT_MESSAGE_CHARS) }),
          chatFilePartSchema,
        ]),
      )
      .min(1)
      .max(20),
    /** the spec's older form of files: name, a `data:` URL and its type */
    experimental_attachments: z
      .array(
        z.object({
          name: z.string().max(200).optional(),
          url: z.string().max(base64Chars + 100),
          contentType: z.string().max(100).optional(),
        }),
      )
      .max(MAX_CHAT_IMAGES)
      .optional(),
    metadata: z.object({ systemActionInfo: systemActionInfoSchema.optional() }).optional(),
  }),
});
export type ChatRequest = z.infer<typeof chatRequest>;

/** GET /api/apps/{appId}/chat/messages, and the answer of a restore. */
export const chatMessagesResponse = z.object({ messages: z.array(chatMessageSchema) });
export type ChatMessagesResponse = z.infer<typeof chatMessagesResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Ratings (spec 001 §3 "Rating payload", §5)
// ---------------------------------------------------------------------------------------------------------------

export const positiveRatingReasons = [
  'I love it!',
  'Clear explanations',
  'Fast and efficient',
  'Understood perfectly',
  'Beautiful design',
] as const;
export const negativeRatingReasons = [
  'Gets stuck in loops',
  "Doesn't implement the changes",
  'Design looks poor',
  'Code has bugs or errors',
  'Response is off-topic',
  'Takes too long to respond',
  'Misunderstands my requirements',
  'Explanation is unclear',
] as const;

export const ratingRequest = z.object({
  messageId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  score: z.number().int().min(1).max(5),
  feedback: z
    .array(z.enum([...positiveRatingReasons, ...negativeRatingReasons]))
    .max(13)
    .default([]),
  comment: z
    .string()
    .max(2000)
    .default('')
    .transform((c) => c.trim()),
});
export type RatingRequest = z.infer<typeof ratingRequest>;

// ---------------------------------------------------------------------------------------------------------------
// Runtime errors (spec 001 §3 "App error item") and the frame's messages
// ---------------------------------------------------------------------------------------------------------------

export const appErrorItemSchema = z.object({
  title: z.string().max(1000),
  details: z.string().max(10_000),
  componentName: z.string().max(200).optional(),
});
export type AppErrorItem = z.infer<typeof appErrorItemSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Texts of the chat panel, diff, versions, issues panel and rating dialog (spec 001 §2, §4, §5, §8), verbatim
// ---------------------------------------------------------------------------------------------------------------

export const spaceTexts = {
  emptyTitle: 'Start a conversation',
  emptyHint: 'Ask for new features or modifications to your app',
  thinking: 'Thinking...',
  truncated: 'The output was too long for one iteration',
  keepGoing: "Let's keep going",
  autofixNotice: 'BuildAI detected some issues and will try to auto fix them',
  /** a 'Resolve with AI' message (issue 32, item 1: its details fold as an autofix message's do) */
  fixNotice: 'You asked BuildAI to fix the issues in your app',
  showDetails: 'Show details',
  hideDetails: 'Hide details',
  rateThis: 'rate this',
  alreadyRated: 'already rated',
  rateTitle: 'Rate this response',
  whatLiked: 'What did you like?',
  whatWrong: 'What went wrong?',
  ratingFailed: 'Failed to submit rating. Please try again.',
  reverting: 'Reverting...',
  restoreFailed: 'Failed to restore version',
  allChanges: 'All Changes',
  diffBlocked: 'Wait for the changes to complete before viewing the diff',
  noChanges: 'No changes found between versions',
  resolveWithAi: 'Resolve with AI',
  fixing: 'Fixing...',
  contextFiles: (n: number) => `Context Files (${n})`,
  usedFiles: 'Used Files',
  usedNotRetrieved: 'Used but Not Retrieved',
  retrievedNotUsed: 'Retrieved but Not Used',
  noContextFiles: 'No context files available',
  noFilesForMethod: (method: string) => `No files found for method ${method}`,
  unsavedChanges: 'You have unsaved changes! Are you sure you want to leave?',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The runtime (decision 0007, "The runtime", "SDK and UI kit"): what generated code may import, the build's errors,
// the preview token and the frame's messages
// ---------------------------------------------------------------------------------------------------------------

/**
 * The packages an app's code may import (decision 0012, "Shared modules"), as the chat and the build errors name
 * them; anything else (and any file outside the app) is a build error. `@radix-ui/react-*` stands for every Radix
 * primitive; the runtime's module groups are checked against this list.
 */
export const appPackages = [
  'react',
  'react-dom',
  'react-router-dom',
  'lucide-react',
  'clsx',
  'tailwind-merge',
  'class-variance-authority',
  '@radix-ui/react-*',
  'radix-ui',
  'sonner',
  'next-themes',
  'framer-motion',
  'motion',
  'recharts',
  'date-fns',
  'zod',
  'react-hook-form',
  '@hookform/resolvers',
  '@tanstack/react-query',
  'embla-carousel-react',
  'react-day-picker',
  'input-otp',
  'cmdk',
  'vaul',
  'uuid',
  'react-resizable-panels',
  'next/link',
  'next/image',
  'next/navigation',
  '@buildai/app-sdk',
  '@buildai/app-ui',
] as const;

/** The first version's name of the list (kept for its readers). */
export const appAllowedImports = appPackages;

/** The shadcn/ui files every app has unless it writes its own at the same path (components/ui/{name}.tsx). */
export const builtinUiComponents = [
  'accordion',
  'alert',
  'alert-dialog',
  'aspect-ratio',
  'avatar',
  'badge',
  'breadcrumb',
  'button',
  'calendar',
  'card',
  'carousel',
  'chart',
  'checkbox',
  'collapsible',
  'command',
  'context-menu',
  'dialog',
  'drawer',
  'dropdown-menu',
  'form',
  'hover-card',
  'input',
  'input-otp',
  'label',
  'menubar',
  'navigation-menu',
  'pagination',
  'popover',
  'progress',
  'radio-group',
  'resizable',
  'scroll-area',
  'select',
  'separator',
  'sheet',
  'sidebar',
  'skeleton',
  'slider',
  'sonner',
  'switch',
  'table',
  'tabs',
  'textarea',
  'toast',
  'toaster',
  'toggle',
  'toggle-group',
  'tooltip',
] as const;

/** What `@buildai/app-ui` exports (the small UI kit, styled by the runtime: no CSS framework needed). */
export const appUiExports = [
  'Button',
  'Card',
  'CardHeader',
  'CardTitle',
  'CardDescription',
  'CardContent',
  'CardFooter',
  'Input',
  'Textarea',
  'Select',
  'Checkbox',
  'Label',
  'Badge',
  'Stack',
  'Grid',
  'Container',
  'Heading',
  'Text',
  'Separator',
  'Alert',
  'Spinner',
] as const;

/** What `@buildai/app-sdk` exports (and `db`, the first version's name for `entities`, kept for old apps). */
export const appSdkExports = [
  'navigate',
  'Link',
  'usePage',
  'useParams',
  'pageUrl',
  'getAppId',
  'getPages',
  'reportError',
  'entities',
  'auth',
  'useEntityList',
  'useAuth',
  'functions',
] as const;

/**
 * The runtime told to the model in the chat's system prompt (decision 0012, "The chat's prompt"): the stack models
 * already write (a Vite + React + Tailwind + shadcn/ui project), what is installed, and the app's own SDK.
 */
export const appRuntimeGuide = [
  'The app is React 19 + TypeScript, styled with Tailwind CSS v4 and shadcn/ui, laid out as a Vite project:',
  '- src/App.tsx is the root. It routes with react-router-dom: <BrowserRouter><Routes><Route path="/" element={<Index />} /><Route path="*" element={<NotFound />} /></Routes></BrowserRouter>. Keep every route in src/App.tsx.',
  '- Pages go in src/pages/ (the start page is src/pages/Index.tsx), components in src/components/, hooks in src/hooks/. Import them with "@/…" ("@/components/Hero" is src/components/Hero.tsx) or a relative path. Link pages with <Link to="/about"> or useNavigate(); useParams, useLocation and useSearchParams work; the address bar follows.',
  '- A new feature is only seen once a page shows it: add it to a page (and a route) in the same turn.',
  '- A new app holds only a placeholder, pages/Home.tsx: the first time you build the app, write src/App.tsx, its pages and components, and delete pages/Home.tsx. An app made earlier with pages/{Name}.tsx files (one page each, no App.tsx, maybe importing "@buildai/app-ui") keeps that layout unless the builder asks to change it.',
  "Styling: Tailwind utility classes for everything (responsive sm: md: lg:, hover:, focus:, dark:, group-*, arbitrary values such as w-[37px], animate-*). src/index.css is the app's stylesheet, loaded without an import: put CSS variables, @theme, @layer and @keyframes there; there is no tailwind.config to write. Colours come from the theme and follow the app's branding: bg-background text-foreground, bg-primary text-primary-foreground, bg-secondary, bg-muted text-muted-foreground, bg-card, bg-accent, text-destructive, border-border, ring-ring. Make it look polished: spacing, hierarchy, responsive layouts, hover and focus states, empty and loading states.",
  `shadcn/ui is installed, each component at "@/components/ui/{name}" (import { Button } from "@/components/ui/button"): ${builtinUiComponents.join(', ')}. cn() is in "@/lib/utils"; useToast in "@/hooks/use-toast"; useIsMobile in "@/hooks/use-mobile"; toast from "sonner" shows with <Toaster /> from "@/components/ui/sonner" rendered once in App. Use them as they are; do not write those files (a file of yours at one of those paths replaces the built-in one).`,
  `Packages you may import (installed; there is no other and nothing to install): ${appPackages.filter((p) => !p.startsWith('@buildai/')).join(', ')}. Icons: import { Star } from "lucide-react" (any lucide icon by name).`,
  'There are no images or other binary files in the app: use https image URLs (e.g. https://images.unsplash.com/photo-…?w=800) or icons. No environment variables and no server of your own: data lives in the app database, through the SDK, and code that needs a secret key runs in a server function (below).',
  'JSX needs no React import. Hooks come from "react".',
  `@buildai/app-sdk exports: ${appSdkExports.join(', ')}. reportError(error) sends an error to the builder.`,
  'The app database: entities.{Entity} for each entity of the app (create entities with add_entity). list({ limit?, cursor? }) answers the records, newest first (an array with .nextCursor), get(id), create(fields), update(id, fields), delete(id), bulkCreate(records). A record is { id, createdAt, creatorId, ...fields }; record.creatorId === user.id means the user’s own. Calls run as the signed-in visitor and follow the entity’s permissions; a refused or failed call rejects with an Error whose message says why (catch it and show it, e.g. with toast.error).',
  'Sign-in: auth.me() answers the signed-in user { id, email, role: "user" | "admin" } or null; auth.signIn(), auth.signUp() open the app’s sign-in page and come back; auth.signOut(). Hooks: useAuth() → { user, loading, signIn, signUp, signOut }; useEntityList("Task", { limit? }) → { records, loading, error, reload } (it reloads after this page’s own create, update and delete).',
  "Server functions: code that must not run in the browser (it uses an API key, calls a payment or e-mail service) goes in functions/{name}.ts: `export default async function handler(input, ctx) { … return json }`. ctx.secrets.NAME holds the secrets the builder set (ask for them with request_secrets), ctx.fetch(url, init) (also global fetch) reaches public https APIs (answers .ok, .status, .headers.get(), .json(), .text()), ctx.entities.{Entity} is the app database with the calling visitor's permissions (list, get, create, update, delete, bulkCreate), ctx.user is the caller { id, role } or null. No Node APIs, no process, no npm packages in a function; a function may import other files under functions/. It runs with 5 s of CPU, 10 s in all, 64 MB, and answers at most 1 MB of JSON; console.log lines go to the builder's function log. A page calls it with functions.invoke(name, input) from @buildai/app-sdk (a promise of the handler's answer; it rejects with an Error whose message says why). Never put a key in a page or a file.",
  'Example: const { user } = useAuth(); const { records, loading } = useEntityList("Task"); if (!user) return <Button onClick={() => auth.signIn()}>Sign in</Button>; await entities.Task.create({ title });',
].join('\n');

/** One error of an app's build: the file and line when esbuild knows them, and the refused import if that is why. */
export const appBuildErrorSchema = z.object({
  file: z.string().nullable(),
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  message: z.string(),
  importPath: z.string().optional(),
});
export type AppBuildError = z.infer<typeof appBuildErrorSchema>;

/** One build error as a line: `pages/Home.tsx:3:10: "x" is not a file of this app`. */
export function buildErrorLine(error: Pick<AppBuildError, 'file' | 'line' | 'column' | 'message'>): string {
  const where = error.file
    ? `${error.file}${error.line ? `:${error.line}${error.column ? `:${error.column}` : ''}` : ''}: `
    : '';
  return `${where}${error.message}`;
}

/** POST /api/apps/{appId}/preview-token: the address of the app's current files on the app origin. */
export const previewTokenResponse = z.object({ url: z.string(), expiresAt: z.string() });
export type PreviewTokenResponse = z.infer<typeof previewTokenResponse>;

/** How long a preview link stays valid: enough to load the frame; the shell asks for a new one on each reload. */
export const PREVIEW_TOKEN_SECONDS = 10 * 60;

/** What the app's frame posts to the runtime shell (checked by sender and by this shape). */
export const appFrameMessageSchema = z.discriminatedUnion('type', [
  z.object({ source: z.literal(FRAME_SOURCE), type: z.literal('loaded'), page: z.string().max(200) }),
  z.object({ source: z.literal(FRAME_SOURCE), type: z.literal('error'), error: appErrorItemSchema }),
  z.object({
    source: z.literal(FRAME_SOURCE),
    type: z.literal('navigate'),
    /** the page, or for an app with its own router the path inside the app (`products/42`) */
    page: z.string().max(2000),
    search: z.string().max(2000),
    /** the move replaced the current entry (a redirect): the address bar is replaced, not pushed */
    replace: z.boolean().optional(),
  }),
  /**
   * The answer to the shell's `swap` (decision 0012, "Swapping the bundle"): `ok` when the new bundle runs in place;
   * otherwise (another set of shared modules, a failed build, an expired link) the shell loads the frame again.
   */
  z.object({
    source: z.literal(FRAME_SOURCE),
    type: z.literal('swapped'),
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    ok: z.boolean(),
  }),
]);
export type AppFrameMessage = z.infer<typeof appFrameMessageSchema>;

/**
 * What the shell posts to the frame: go to a page (the visitor pressed Back or Forward), or load the app's current
 * bundle in place (the builder's files changed). A swap names no code and no address: the frame loads its own app's
 * bundle from the app origin with the link its document came with.
 */
export type ShellMessage =
  | { source: typeof SHELL_SOURCE; type: 'go'; page: string; search: string }
  | { source: typeof SHELL_SOURCE; type: 'swap'; id: string };
