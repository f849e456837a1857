import { asc, eq } from 'drizzle-orm';
import {
  AppError,
  appSettingsSchema,
  type AppSettings,
  type AppType,
  type NewAppResponse,
} from '@buildai/domain';
import { newId } from '../../db/ids';
import { appEntities, appFiles, apps, tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { copyImage, readSettings, readStyle, requireBuilder, type AppRow } from '../apps';
import { styleImageKey, toolImageKey } from '../files';
import { templateApps } from './templates';

/**
 * The template's settings as a fresh app of another builder starts with them: its run settings, texts and links,
 * without anything that names the template's owner or its money (Gumroad product and token, membership), without
 * the claim and template flags, the custom domain, and with sign-up off (the copy is unpublished).
 */
export function settingsForCopy(template: AppSettings): AppSettings {
  const defaults = appSettingsSchema.parse({});
  const { gumroadAccessToken: _token, ...kept } = template;
  return {
    ...kept,
    isSignupEnabled: false,
    isPaidMembershipsEnabled: false,
    paidMembershipsProduct: defaults.paidMembershipsProduct,
    paidMembershipsSettings: defaults.paidMembershipsSettings,
    isClaimable: false,
    requireBuilderCollaboratorAccount: false,
    isAppTemplate: false,
    isToolTemplate: false,
    customDomain: '',
    // the template's assistant stays with the template (decision 0010): the copy starts without one
    chatSettings: defaults.chatSettings,
  };
}

/**
 * POST /api/app-templates/{appId}/copy: a new, unpublished app of the caller made from an app template: its texts,
 * style (images copied under the new owner), settings (see `settingsForCopy`), tools as drafts (so the builder's
 * own live-tool limit applies when they activate them), a space app's files and its entities without records.
 * Data sources, end users, runs, versions and the chat stay with the template.
 */
export async function copyAppTemplate(
  platform: Platform,
  caller: Caller,
  templateAppId: string,
): Promise<NewAppResponse> {
  const account = await requireBuilder(platform, caller);
  const [template] = await templateApps(platform, platform.db, templateAppId);
  if (!template) throw new AppError('template/not-found');
  const [templateTools, files, entities] = await Promise.all([
    platform.db
      .select()
      .from(tools)
      .where(eq(tools.appId, template.appId))
      .orderBy(asc(tools.position), asc(tools.createdAt)),
    platform.db.select().from(appFiles).where(eq(appFiles.appId, template.appId)),
    platform.db.select().from(appEntities).where(eq(appEntities.appId, template.appId)),
  ]);

  const appId = newId();
  const { accountId } = account;
  const toolIds = new Map(templateTools.map((t) => [t.toolId, newId()]));
  const copiedTools = await Promise.all(
    templateTools.map(async (t) => {
      const toolId = toolIds.get(t.toolId)!;
      const imageUrl = await copyImage(platform, t.imageUrl, (ext) =>
        toolImageKey({ accountId, appId, toolId, id: newId(12), ext }),
      );
      return { ...t, toolId, appId, imageUrl, status: 'draft' as const };
    }),
  );
  const appStyle = await copyStyle({ platform, template, accountId, appId });

  await platform.db.transaction(async (tx) => {
    await tx.insert(apps).values({
      appId,
      ownerAccountId: accountId,
      tenantId: account.tenantId,
      appType: template.appType,
      header: template.header,
      description: template.description,
      genApp: template.genApp ? renameTools(template.genApp, toolIds) : null,
      appStyle,
      appSettings: settingsForCopy(readSettings(template)),
    });
    if (copiedTools.length > 0) {
      const now = new Date();
      await tx.insert(tools).values(copiedTools.map((t) => ({ ...t, createdAt: now, updatedAt: now })));
    }
    if (files.length > 0) await tx.insert(appFiles).values(files.map((f) => ({ ...f, appId })));
    if (entities.length > 0) await tx.insert(appEntities).values(entities.map((e) => ({ ...e, appId })));
  });

  const first = copiedTools[0];
  return {
    appId,
    // a chat app is never a template: templates are apps builders list
    appType: template.appType as AppType,
    toolId: template.appType === 'space' ? null : (first?.toolId ?? null),
    path: template.appType === 'space' ? `/app/${appId}` : (first?.path ?? null),
  };
}

interface CopyStyleOptions {
  platform: Platform;
  template: AppRow;
  accountId: string;
  appId: string;
}

/** The style with its uploaded logo and background copied under the new owner's keys. */
async function copyStyle({ platform, template, accountId, appId }: CopyStyleOptions) {
  const style = readStyle(template);
  const [logoUrl, backgroundImage] = await Promise.all(
    (['logo', 'background'] as const).map((kind) =>
      copyImage(platform, kind === 'logo' ? style.logoUrl : style.backgroundImage, (ext) =>
        styleImageKey({ accountId, appId, kind, id: newId(12), ext }),
      ),
    ),
  );
  return { ...style, logoUrl: logoUrl ?? '', backgroundImage: backgroundImage ?? '' };
}

/** A generated app's definition names its tools by id: the copy names the copies. */
function renameTools(genApp: Record<string, unknown>, toolIds: Map<string, string>): Record<string, unknown> {
  let text = JSON.stringify(genApp);
  for (const [from, to] of toolIds) text = text.split(JSON.stringify(from)).join(JSON.stringify(to));
  return JSON.parse(text) as Record<string, unknown>;
}
