import { aiAppSchema, type AppType, type NewAppResponse } from '@buildai/domain';
import { newId, newSlugId } from '../../db/ids';
import { appFiles, apps, tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireBuilder } from './load-app';
import { SPACE_STARTER_FILES } from './space-starter';

/**
 * POST /api/apps/new: a new app; a tool app starts with one draft tool, a space app with its starter page and the
 * address visitors will open (`/app/{appId}`, decision 0007).
 */
export async function createNewApp(
  platform: Platform,
  caller: Caller,
  kind: AppType,
): Promise<NewAppResponse> {
  const account = await requireBuilder(platform, caller);
  const appId = newId();
  const toolId = kind === 'tool' ? newId() : null;
  const path = kind === 'tool' ? `tool-${newSlugId()}` : kind === 'space' ? `/app/${appId}` : null;
  await platform.db.transaction(async (tx) => {
    await tx
      .insert(apps)
      .values({ appId, ownerAccountId: account.accountId, tenantId: account.tenantId, appType: kind });
    if (kind === 'space') {
      await tx.insert(appFiles).values(SPACE_STARTER_FILES.map((file) => ({ appId, ...file })));
    }
    if (toolId && path) {
      await tx.insert(tools).values({ toolId, appId, path, title: '', definition: aiAppSchema.parse({}) });
    }
  });
  return { appId, appType: kind, toolId, path };
}
