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

export function toToolSummary(tool: ToolRow, isOwner: boolean): ToolSummary {
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

export function toAppView(app: AppRow, appTools: ToolRow[], isOwner: boolean): AppView {
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
    appSettings: isOwner ? readSettings(app) : publicSettings(readSettings(app)),
  };
}

/** Stored style with every default filled in; anything unreadable falls back to the defaults. */
export function readStyle(app: AppRow) {
  const parsed = appStyleSchema.safeParse(app.appStyle ?? {});
  return parsed.success ? parsed.data : appStyleSchema.parse({});
}

export function readSettings(app: AppRow): AppSettings {
  const parsed = appSettingsSchema.safeParse(app.appSettings ?? {});
  return parsed.success ? parsed.data : appSettingsSchema.parse({});
}

function publicSettings(settings: AppSettings): Partial<AppSettings> {
  return Object.fromEntries(PUBLIC_SETTINGS.map((k) => [k, settings[k]])) as Partial<AppSettings>;
}
