import { eq } from 'drizzle-orm';
import { itemDescription, itemImage, itemTitle, RESOURCE_ID_PATTERN } from '@buildai/domain';
import { apps } from '../../db/schema';
import type { ItemPreview } from '../../http/spa';
import type { Platform } from '../../platform';
import { getRecord } from '../entities';

export interface ItemPreviewOptions {
  platform: Platform;
  appId: string;
  entity: string;
  id: string;
}

/**
 * An item page's link preview (spec 000 §2, issue 32 item 29): the record as an anonymous visitor may read it under
 * its entity's access rules, of a published app; null (no tags) for anything else, so a preview never shows what
 * the page would not.
 */
export async function itemPreview({
  platform,
  appId,
  entity,
  id,
}: ItemPreviewOptions): Promise<ItemPreview | null> {
  if (!RESOURCE_ID_PATTERN.test(appId) || entity.length > 100 || id.length > 100) return null;
  const [app] = await platform.db
    .select({ header: apps.header, isPublished: apps.isPublished })
    .from(apps)
    .where(eq(apps.appId, appId));
  if (!app?.isPublished) return null;
  const record = await getRecord({ platform, caller: null, appId, entity, id }).catch(() => null);
  if (!record) return null;
  const fields = record as Record<string, unknown>;
  const title = itemTitle(fields) || entity;
  return {
    title: app.header.trim() ? `${title} · ${app.header.trim()}` : title,
    description: itemDescription(fields, title),
    image: itemImage(fields),
  };
}
