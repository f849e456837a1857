import { aiAppSchema, type AppType, type NewAppResponse } from '@buildai/domain';
import { newId, newSlugId } from '../../db/ids';
import { apps, tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireBuilder } from './load-app';

/** POST /api/apps/new: a new app; a tool app starts with one draft tool. */
export async function createNewApp(
  platform: Platform,
  caller: Caller,
  kind: AppType,
): Promise<NewAppResponse> {
  const account = await requireBuilder(platform, caller);
  const appId = newId();
  const toolId = kind === 'tool' ? newId() : null;
  const path = kind === 'tool' ? `tool-${newSlugId()}` : null;
  await platform.db.transaction(async (tx) => {
    await tx
      .insert(apps)
      .values({ appId, ownerAccountId: account.accountId, tenantId: account.tenantId, appType: kind });
    if (toolId && path) {
      await tx.insert(tools).values({ toolId, appId, path, title: '', definition: aiAppSchema.parse({}) });
    }
  });
  return { appId, appType: kind, toolId, path };
}
