import {
  appSettingsSchema,
  appStyleSchema,
  PUBLIC_SETTINGS,
  type AppSettings,
  type AppView,
  type ToolSummary,
} from '@buildai/domain';
import type { apps, tools } from '../../db/schema';

export type AppRow = typeof apps.$inferSelect;
export type ToolRow = typeof tools.$inferSelect;

/** The columns of an app its view reads (get-app.ts selects these alone: a generated app's definition is large). */
export const APP_VIEW_COLUMNS = [
  'appId',
  'ownerAccountId',
  'appType',
  'parentAppId',
  'header',
  'description',
  'appStyle',
  'appSettings',
  'isPublished',
  'publishedAt',
  'updatedAt',
] as const;
/** The columns of a tool its summary reads. */
export const TOOL_SUMMARY_COLUMNS = [
  'toolId',
  'title',
  'path',
  'status',
  'imageUrl',
  'position',
  'definition',
] as const;
export type AppViewRow = Pick<AppRow, (typeof APP_VIEW_COLUMNS)[number]>;
export type ToolSummaryRow = Pick<ToolRow, (typeof TOOL_SUMMARY_COLUMNS)[number]>;

export function toToolSummary(tool: ToolSummaryRow, isOwner: boolean): ToolSummary {
  // The prompt is the builder's work: only the owner reads it.
  const { gptPrompt, ...publicDefinition } = tool.definition;
  return {
    toolId: tool.toolId,
    title: tool.title,
    path: tool.path,
    status: tool.status,
    imageUrl: tool.imageUrl,
    app: isOwner ? { ...publicDefinition, gptPrompt } : publicDefinition,
  };
}

export function toAppView(app: AppViewRow, appTools: ToolSummaryRow[], isOwner: boolean): AppView {
  const visible = isOwner ? appTools : appTools.filter((t) => t.status === 'active');
  return {
    appId: app.appId,
    appType: app.appType,
    ...(app.parentAppId ? { parentAppId: app.parentAppId } : {}),
    header: app.header,
    description: app.description,
    isPublished: app.isPublished,
    publishedAt: app.publishedAt?.toISOString() ?? null,
    updatedAt: app.updatedAt.toISOString(),
    isOwner,
    tools: [...visible].sort((a, b) => a.position - b.position).map((t) => toToolSummary(t, isOwner)),
    appStyle: readStyle(app),
    appSettings: isOwner ? readSettings(app) : readPublicSettings(app),
  };
}

/** Stored style with every default filled in; anything unreadable falls back to the defaults. */
export function readStyle(app: Pick<AppRow, 'appStyle'>) {
  const parsed = appStyleSchema.safeParse(app.appStyle ?? {});
  return parsed.success ? parsed.data : appStyleSchema.parse({});
}

export function readSettings(app: Pick<AppRow, 'appSettings'>): AppSettings {
  const parsed = appSettingsSchema.safeParse(app.appSettings ?? {});
  return parsed.success ? parsed.data : appSettingsSchema.parse({});
}

/** The settings a public reader gets, read alone: the others (a custom domain's checks among them) are not parsed. */
const publicSettingsSchema = appSettingsSchema.pick(
  Object.fromEntries(PUBLIC_SETTINGS.map((k) => [k, true])) as {
    [K in (typeof PUBLIC_SETTINGS)[number]]: true;
  },
);

function readPublicSettings(app: Pick<AppRow, 'appSettings'>): Partial<AppSettings> {
  const parsed = publicSettingsSchema.safeParse(app.appSettings ?? {});
  const settings = parsed.success ? parsed.data : publicSettingsSchema.parse({});
  return Object.fromEntries(PUBLIC_SETTINGS.map((k) => [k, settings[k]])) as Partial<AppSettings>;
}
