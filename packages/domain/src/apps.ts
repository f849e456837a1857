import { z } from 'zod';
import { APP_BUILDER_VERSION, MAX_INPUT_EXAMPLES } from './constants';
import type { AppSettings, AppStyle } from './builder';
import type { Citation } from './assistant-settings';
import { FIELD_NAME_PATTERN, FIELD_NAME_PATTERN_MESSAGE, fieldTypes } from './field-rules';

/** App kinds (architecture §1): a tool app holds AI tools; generated and space apps are written through the chat. */
export const appTypes = ['tool', 'generated', 'space'] as const;
export const appTypeSchema = z.enum(appTypes);
export type AppType = z.infer<typeof appTypeSchema>;

export const toolStatusSchema = z.enum(['draft', 'active']);
export type ToolStatus = z.infer<typeof toolStatusSchema>;

export const fieldTypeSchema = z.enum(fieldTypes);

export const fieldOptionSchema = z.object({
  label: z.string(),
  iconUrl: z.string().optional(),
});

export const customFieldSchema = z.object({
  name: z.string().regex(FIELD_NAME_PATTERN, FIELD_NAME_PATTERN_MESSAGE),
  label: z.string(),
  type: fieldTypeSchema.default('text'),
  required: z.boolean().default(false),
  personal: z.boolean().default(false),
  memorize: z.boolean().default(false),
  stepId: z.string().optional(),
  toolId: z.string().optional(),
  instructions: z.string().optional(),
  filterCondition: z.enum(['none', 'include', 'exclude']).optional(),
  placeholder: z.string().optional(),
  options: z.array(fieldOptionSchema).optional(),
  optionsConfig: z.object({ options: z.array(fieldOptionSchema) }).optional(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

export const inputStepSchema = z.object({ id: z.string(), title: z.string() });

/** "AI app or tool" of spec 001 §3. */
export const aiAppSchema = z.object({
  header: z.string().max(200).default(''),
  description: z.string().max(2000).default(''),
  background: z.string().optional(),
  gptPrompt: z.string().max(50000).default(''),
  features: z.array(z.string()).optional(),
  examples: z
    .array(z.string())
    .transform((list) => list.map((e) => e.trim()).filter((e) => e.length > 0))
    .pipe(z.array(z.string()).max(MAX_INPUT_EXAMPLES))
    .default([]),
  welcomeMessage: z.string().default(''),
  inputLabel: z.string().default(''),
  inputPlaceholder: z.string().default(''),
  isInputCollapsed: z.boolean().default(false),
  isInputHidden: z.boolean().default(false),
  isMultiStepInput: z.boolean().default(false),
  inputSteps: z.array(inputStepSchema).default([]),
  ctaMessage: z.string().default(''),
  ctaButton: z.string().default(''),
  ctaLink: z.string().default(''),
  fields: z.array(customFieldSchema).default([]),
  blocks: z.array(z.unknown()).default([]),
  appBuilderVersion: z.number().int().default(APP_BUILDER_VERSION),
});
export type AiApp = z.infer<typeof aiAppSchema>;
export type AiAppInput = z.input<typeof aiAppSchema>;

export const newAppRequest = z.object({ kind: appTypeSchema });
export interface NewAppResponse {
  appId: string;
  appType: AppType;
  toolId: string | null;
  path: string | null;
}

/** POST /api/apps (spec 001 §7). `toolId` picks the tool to save; without it the app's first tool. */
export const saveAppRequest = z.object({
  appType: appTypeSchema,
  appId: z.string().min(1),
  toolId: z.string().optional(),
  app: aiAppSchema.optional(),
  genApp: z.record(z.string(), z.unknown()).optional(),
});
export type SaveAppRequest = z.input<typeof saveAppRequest>;

export const toolStatusRequest = z.object({ status: toolStatusSchema });

export interface ToolSummary {
  toolId: string;
  title: string;
  path: string;
  status: ToolStatus;
  imageUrl: string | null;
  /** the tool's definition; public readers get it without the prompt */
  app: Omit<AiApp, 'gptPrompt'> & { gptPrompt?: string };
}

export interface AppView {
  appId: string;
  /** `chat`: an assistant's own app (its data sources), opened from its parent app */
  appType: AppType | 'chat';
  /** a chat app's parent: the app whose assistant it is */
  parentAppId?: string;
  header: string;
  description: string;
  isPublished: boolean;
  publishedAt: string | null;
  updatedAt: string;
  /** true when the caller owns the app and may edit it (a collaborator edits too: see isCollaborator) */
  isOwner: boolean;
  /**
   * true when the caller edits the app as a collaborator rather than its owner: everything but deleting it,
   * handing it on (claim) and managing collaborators
   */
  isCollaborator?: boolean;
  /** tools in their order; public readers see active tools only, without prompts */
  tools: ToolSummary[];
  appStyle: AppStyle;
  /** the owner gets every setting; public readers get PUBLIC_SETTINGS only */
  appSettings: Partial<AppSettings>;
  /** space apps only: where the runtime shell loads the app from (decision 0007, "The app origin") */
  spaceApp?: SpaceAppLinks;
}

/** The separate origin that serves a space app's documents, and the published document (null until published). */
export interface SpaceAppLinks {
  appOrigin: string;
  documentUrl: string | null;
}

/** Settings an end user's page needs to know. */
export const PUBLIC_SETTINGS = [
  'creditsPerRun',
  'dailyUserLimit',
  'weeklyUserLimit',
  'isSignupEnabled',
  'termsOfServiceLink',
  'privacyPolicyLink',
  'supportEmail',
  'chatSettings',
] as const;

export interface AppListItem {
  appId: string;
  appType: AppType;
  header: string;
  isPublished: boolean;
  updatedAt: string;
  toolCount: number;
  /** the caller edits this app as a collaborator of its owner */
  isCollaborator?: boolean;
}

/** Tool paths: letters, numbers and dashes (spec 001 §5). */
export const TOOL_PATH_PATTERN = /^[A-Za-z0-9-]+$/;

export const runRequest = z.object({
  inputs: z
    .record(z.string(), z.union([z.string(), z.array(z.string()), z.number(), z.boolean()]))
    .default({}),
});
export type RunRequest = z.input<typeof runRequest>;

/** `GET /api/apps/{appId}/runs/{runId}`: a run's result, without the fields the user asked to keep private. */
export interface RunResult {
  runId: string;
  toolId: string;
  toolPath: string;
  status: 'running' | 'succeeded' | 'failed';
  output: string;
  createdAt: string;
  inputs: Record<string, unknown>;
  /** the data items the run drew on, with the passages the model read, as its `start` event listed them */
  citations: Citation[];
  /** whether the caller made this run (its signed-in user, or the visitor of its cookie): only they may rate it */
  yours: boolean;
  /** the caller's rating of their own run; null when they gave none or the run is someone else's */
  rating: 'up' | 'down' | null;
}
