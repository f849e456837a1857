import { z } from 'zod';
import {
  chatSettingsSchema,
  DEFAULT_CHAT_SETTINGS,
  embedOriginSchema,
  MAX_EMBED_ORIGINS,
  type RunSource,
} from './reach';
import { DEFAULT_AI_MODEL, DEFAULT_TEMPERATURE } from './constants';
import { assistantSettingsSchema, DEFAULT_ASSISTANT_SETTINGS } from './assistant-settings';
import { customFieldSchema } from './apps';
import { CUSTOM_DOMAIN_PATTERN, paidMembershipsProductSchema, paidMembershipsSettingsSchema } from './money';
import {
  CATEGORY_NAME_MAX_LENGTH,
  CREDITS_PER_RUN_MAX,
  CREDITS_PER_RUN_MIN,
  DEFAULT_CREDITS_PER_RUN,
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
  TOOL_PATH_MAX_LENGTH,
  TOOL_TITLE_MAX_LENGTH,
  USER_LIMIT_MAX,
  USER_LIMIT_MIN,
} from './builder-limits';

/**
 * The builder workspace contract (spec 000 §3, §5, §6, §9; spec 001 §3, §5, §9). Values the spec leaves out are
 * chosen in docs/decisions/0003-builder-workspace.md.
 */

// ---- app style (spec 000 §3) ---------------------------------------------------------------------------------

export const styleNames = ['dark', 'colorful', 'light'] as const;
// the empty colour (the default, in most stored styles) is tried first: a failed pattern costs an issue object
const colour = z.literal('').or(z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colours are #rrggbb'));
const url = z.string().max(2000);

export const appStyleSchema = z.object({
  styleName: z.enum(styleNames).default('light'),
  backgroundColor: colour.default(''),
  backgroundImage: url.default(''),
  logoUrl: url.default(''),
  headerTextColor: colour.default(''),
  subheaderTextColor: colour.default(''),
  buttonTextColor: colour.default(''),
  buttonBackgroundColor: colour.default(''),
  hideBuildAI: z.boolean().default(false),
});
export type AppStyle = z.infer<typeof appStyleSchema>;
export const saveStyleRequest = z.object({ appStyle: appStyleSchema });

// ---- app settings (spec 000 §3 run settings + spec 001 §3 app settings) --------------------------------------

export const aiQueryMethods = ['fulltext', 'vector', 'hybrid'] as const;

export const appSettingsSchema = z.object({
  // run settings (spec 000 §3)
  aiModel: z.string().min(1).max(200).default(DEFAULT_AI_MODEL),
  modelTemperature: z
    .number()
    .min(TEMPERATURE_MIN)
    .max(TEMPERATURE_MAX)
    .refine((t) => Math.abs(t * 10 - Math.round(t * 10)) < 1e-9, 'Temperature moves in steps of 0.1')
    .default(DEFAULT_TEMPERATURE),
  aiQueryMethod: z.enum(aiQueryMethods).default('hybrid'),
  dailyUserLimit: z.number().int().min(USER_LIMIT_MIN).max(USER_LIMIT_MAX).nullable().default(null),
  weeklyUserLimit: z.number().int().min(USER_LIMIT_MIN).max(USER_LIMIT_MAX).nullable().default(null),
  creditsPerRun: z
    .number()
    .int()
    .min(CREDITS_PER_RUN_MIN)
    .max(CREDITS_PER_RUN_MAX)
    .default(DEFAULT_CREDITS_PER_RUN),
  isClaimable: z.boolean().default(false),
  isToolTemplate: z.boolean().default(false),
  templateCategory: z.string().max(CATEGORY_NAME_MAX_LENGTH).default(''),
  templateCategories: z.array(z.string().max(CATEGORY_NAME_MAX_LENGTH)).max(50).default([]),
  isProTool: z.boolean().default(false),
  templateImageUrl: url.default(''),
  templateDescription: z.string().max(2000).default(''),
  userCanEditResults: z.boolean().default(false),
  // app settings (spec 001 §3)
  isSignupEnabled: z.boolean().default(false),
  termsOfServiceLink: url.default(''),
  privacyPolicyLink: url.default(''),
  supportEmail: z.string().max(320).default(''),
  /** space apps: the page `/app/{appId}` opens on (`pages/{mainPage}.tsx`); empty means DEFAULT_MAIN_PAGE */
  mainPage: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/, 'A page name has only letters, numbers, dashes and underscores')
    .default(''),
  // paid memberships (spec 001 §3, §4); paidMembershipsProduct and paidMembershipsSettings are the server's to set
  // (payments/connect), a save cannot change them
  isPaidMembershipsEnabled: z.boolean().default(false),
  paidMembershipsProduct: paidMembershipsProductSchema.nullable().default(null),
  paidMembershipsSettings: paidMembershipsSettingsSchema.default({
    paymentProvider: 'gumroad',
    hasPaymentProviderAccessToken: false,
    isSetupCompleted: false,
  }),
  /** write-only: sent on save, stored encrypted apart from the settings, never answered */
  gumroadAccessToken: z.string().trim().max(500).optional(),
  // app template and claim (spec 001 §2, §6: admins only)
  isAppTemplate: z.boolean().default(false),
  requireBuilderCollaboratorAccount: z.boolean().default(false),
  /** a host name serving the app's public pages at `/` (empty: none) */
  customDomain: z
    .string()
    .max(2000)
    .transform(normaliseCustomDomain)
    .pipe(
      z
        .string()
        .max(253)
        .superRefine((d, ctx) => {
          const problem = customDomainProblem(d);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
    )
    .default(''),
  // the chat assistant (spec 001 §3 "Chat settings"): the server's to set (`POST …/chat/activate`)
  chatSettings: chatSettingsSchema.default(DEFAULT_CHAT_SETTINGS),
  /** the site origins that may embed the assistant's widget (frame-ancestors); empty: any site */
  chatEmbedOrigins: z.array(embedOriginSchema).max(MAX_EMBED_ORIGINS).default([]),
  /** how the builder shaped the assistant and its widget (decision 0017) */
  assistantSettings: assistantSettingsSchema.default(DEFAULT_ASSISTANT_SETTINGS),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

/**
 * Why a normalised custom domain cannot be used, in the builder's terms, or null when it can (empty: none). The
 * caller says so for the product's own address (settings/domain-reserved).
 */
export function customDomainProblem(domain: string): string | null {
  if (domain === '' || CUSTOM_DOMAIN_PATTERN.test(domain)) return null;
  if (/\s/.test(domain)) return 'A domain name has no spaces, such as app.example.com';
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(domain) || domain.includes(':'))
    return 'Use a domain name such as app.example.com, not an IP address';
  if (!domain.includes('.')) return `${domain} is not a public domain name: use one such as app.example.com`;
  return 'Enter a domain name such as app.example.com';
}

/**
 * What a builder may paste as a custom domain, made into the bare host name the settings keep: a scheme, a path,
 * a port and a trailing dot are dropped (`https://App.Example.com/` → `app.example.com`).
 */
export function normaliseCustomDomain(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
}
export const saveSettingsRequest = z.object({ appSettings: appSettingsSchema });

/** Run settings only admins may change (spec 000 §6). */
export const ADMIN_ONLY_SETTINGS = [
  'aiModel',
  'modelTemperature',
  'aiQueryMethod',
  'creditsPerRun',
  'isClaimable',
  'isToolTemplate',
  'templateCategory',
  'templateCategories',
  'templateImageUrl',
  'templateDescription',
  'userCanEditResults',
  'isAppTemplate',
  'requireBuilderCollaboratorAccount',
] as const satisfies readonly (keyof AppSettings)[];
/** Run settings a lite account may not change ('Upgrade your plan to edit tool settings'). */
export const PLAN_LOCKED_SETTINGS = [
  ...ADMIN_ONLY_SETTINGS,
  'dailyUserLimit',
  'weeklyUserLimit',
  'isProTool',
  'isPaidMembershipsEnabled',
  'customDomain',
] as const satisfies readonly (keyof AppSettings)[];
/** Style settings only admins may change. */
export const ADMIN_ONLY_STYLE = ['hideBuildAI'] as const satisfies readonly (keyof AppStyle)[];

// ---- tools of an app (spec 001 §3) ---------------------------------------------------------------------------

export const createToolRequest = z.object({
  title: z.string().max(TOOL_TITLE_MAX_LENGTH).default(''),
  path: z.string().max(TOOL_PATH_MAX_LENGTH),
});
export interface CreateToolResponse {
  toolId: string;
  path: string;
}
/** PATCH-like rename or move: title and/or path. */
export const updateToolMetaRequest = z.object({
  title: z.string().max(TOOL_TITLE_MAX_LENGTH).optional(),
  path: z.string().max(TOOL_PATH_MAX_LENGTH).optional(),
});
export const reorderToolsRequest = z.object({ toolIds: z.array(z.string()).min(1) });

// ---- uploaded images (spec 001 §5, §7) ------------------------------------------------------------------------

export const styleImageKinds = ['logo', 'background'] as const;
/**
 * What `POST /api/apps/{appId}/images?kind=` stores: the style's logo or background, or `data`, an image of the
 * app database's image cells (spec 001 §3 "File upload integration", §5).
 */
export const appImageKinds = [...styleImageKinds, 'data'] as const;
export type StyleImageKind = (typeof styleImageKinds)[number];
export interface ToolImageResponse {
  imageUrl: string;
}
export interface StyleImageResponse {
  url: string;
}

// ---- tool templates (spec 000 §3 isToolTemplate, spec 001 §2 tools collection) --------------------------------

export interface ToolTemplateTool {
  toolId: string;
  title: string;
  path: string;
  imageUrl: string | null;
}
/** GET /api/apps/templates: one published app whose settings make it a tool template. */
export interface ToolTemplate {
  appId: string;
  header: string;
  description: string;
  templateCategory: string;
  templateImageUrl: string;
  templateDescription: string;
  isProTool: boolean;
  tools: ToolTemplateTool[];
}
export const toolFromTemplateRequest = z.object({
  templateAppId: z.string().min(1),
  toolId: z.string().min(1),
});

// ---- magic create (spec 000 §7) ------------------------------------------------------------------------------

export const magicCreateRequest = z.object({
  appId: z.string().min(1),
  toolId: z.string().optional(),
  input: z.string().trim().min(1).max(500),
  magicType: z.literal('field'),
  prompt: z.string().max(50000).default(''),
});
export type MagicCreateRequest = z.input<typeof magicCreateRequest>;

/**
 * The field the model designs for magic create: the model is asked for this shape (structured output) and its
 * answer is validated with it. The editor adds the rest (steps, item tools) itself.
 */
export const magicFieldSchema = customFieldSchema.pick({
  name: true,
  label: true,
  type: true,
  required: true,
  personal: true,
  placeholder: true,
  options: true,
});

// ---- analytics -----------------------------------------------------------------------------------------------

export interface AnalyticsDay {
  date: string; // YYYY-MM-DD (UTC)
  runs: number;
  users: number;
  tokens: number;
  /** credits charged by the day's runs */
  credits?: number;
}
export interface AnalyticsTool {
  toolId: string;
  title: string;
  path: string;
  runs: number;
  users: number;
  tokens: number;
  credits?: number;
  days: AnalyticsDay[];
}
export interface AppAnalytics {
  appId: string;
  header: string;
  isPublished: boolean;
  from: string;
  to: string;
  totals: { runs: number; users: number; tokens: number; credits?: number };
  days: AnalyticsDay[];
  tools: AnalyticsTool[];
  /** the same figures by where the runs came from (the app's page, the widget, the API, MCP), every source listed */
  sources: AnalyticsSource[];
  /** end users' thumbs up and down on the range's results and answers (decision 0018) */
  ratings?: { up: number; down: number };
}
export interface AnalyticsSource {
  source: RunSource;
  runs: number;
  users: number;
  tokens: number;
  credits: number;
}
export const ANALYTICS_DEFAULT_DAYS = 30;
