import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { AppError, type CreateToolResponse, type ToolTemplate } from '@buildai/domain';
import { checkToolDefinition } from '@buildai/domain';
import { newId } from '../../db/ids';
import { apps, tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { fileUrl, keyOfFileUrl, toolImageKey, type ImageExt } from '../files';
import { insertTool, requireGeneratedApp } from './create-tool';
import { deleteStoredImage } from './images';
import type { AppChangeBus } from './app-change-bus';

import { requireBuilderRights, requireOwnedApp } from './rights';
import { freePath } from './tool-paths';
import { readSettings } from './view';

const isTemplate = sql`${apps.appSettings}->>'isToolTemplate' = 'true'`;

/** GET /api/apps/templates: published apps whose settings make them tool templates, with their active tools. */
export async function listTemplates(platform: Platform, caller: Caller): Promise<ToolTemplate[]> {
  await requireBuilderRights(platform, caller);
  const templateApps = await platform.db
    .select()
    .from(apps)
    .where(and(eq(apps.isPublished, true), isTemplate))
    .orderBy(desc(apps.publishedAt), asc(apps.appId));
  if (templateApps.length === 0) return [];
  const activeTools = await platform.db
    .select()
    .from(tools)
    .where(
      and(
        inArray(
          tools.appId,
          templateApps.map((a) => a.appId),
        ),
        eq(tools.status, 'active'),
      ),
    )
    .orderBy(asc(tools.position), asc(tools.createdAt));
  return templateApps.map((app) => {
    const settings = readSettings(app);
    return {
      appId: app.appId,
      header: app.header,
      description: app.description,
      templateCategory: settings.templateCategory,
      templateImageUrl: settings.templateImageUrl,
      templateDescription: settings.templateDescription,
      isProTool: settings.isProTool,
      tools: activeTools
        .filter((t) => t.appId === app.appId)
        .map((t) => ({ toolId: t.toolId, title: t.title, path: t.path, imageUrl: t.imageUrl })),
    };
  });
}

export interface CreateToolFromTemplateOptions {
  platform: Platform;
  changes: AppChangeBus;
  caller: Caller;
  appId: string;
  input: { templateAppId: string; toolId: string };
}

/**
 * POST /api/apps/{appId}/tools/fromTemplate: copies an active tool of a template into the builder's generated
 * app, as a draft on a free path. The copy is held to the builder's own field rules, and gets its own photo.
 */
export async function createToolFromTemplate({
  platform,
  changes,
  caller,
  appId,
  input,
}: CreateToolFromTemplateOptions): Promise<CreateToolResponse> {
  const { rights, app } = await requireOwnedApp(platform, caller, appId);
  const { accountId } = rights.account;
  requireGeneratedApp(app);
  const [found] = await platform.db
    .select({ tool: tools })
    .from(tools)
    .innerJoin(apps, eq(apps.appId, tools.appId))
    .where(
      and(
        eq(tools.toolId, input.toolId),
        eq(tools.appId, input.templateAppId),
        eq(tools.status, 'active'),
        eq(apps.isPublished, true),
        isTemplate,
      ),
    );
  if (!found) throw new AppError('tool/not-found', { field: 'toolId' });
  const template = found.tool;
  const definition = checkToolDefinition(template.definition, rights, '');

  const toolId = newId();
  const imageUrl = await copyImage(platform, template.imageUrl, (ext) =>
    toolImageKey({ accountId, appId: app.appId, toolId, id: newId(12), ext }),
  );
  try {
    const created = await platform.db.transaction((tx) =>
      insertTool({
        tx,
        appId: app.appId,
        tool: { toolId, title: template.title, definition, imageUrl },
        path: (appTools) => freePath(appTools, template.path),
      }),
    );
    await changes.announce(app.appId);
    return created;
  } catch (err) {
    await deleteStoredImage(platform, imageUrl);
    throw err;
  }
}

/** A copy of an image this server stored, under a key of the copy's owner; other URLs are kept as they are. */
export async function copyImage(
  platform: Platform,
  url: string | null,
  keyFor: (ext: ImageExt) => string,
): Promise<string | null> {
  const source = keyOfFileUrl(url);
  if (!source) return url;
  const blob = await platform.blobs.get(source);
  if (!blob) return null;
  const ext = source.slice(source.lastIndexOf('.') + 1) as ImageExt;
  const key = keyFor(ext);
  await platform.blobs.put(key, blob.body, { contentType: blob.contentType });
  return fileUrl(key);
}
