import { and, eq } from 'drizzle-orm';
import { appNameFromRequest } from '@buildai/domain';
import { apps } from '../../db/schema';
import type { Platform } from '../../platform';

type Tx = Parameters<Parameters<Platform['db']['transaction']>[0]>[0];

/**
 * A new app is named from the first thing its builder asks the chat (issue 32, item 8): while it has no name, the
 * request's words become its header (`appNameFromRequest`). A name the builder or the chat gave is never replaced.
 */
export async function nameAppFromRequest(tx: Tx, appId: string, request: string): Promise<void> {
  const header = appNameFromRequest(request);
  if (!header) return;
  await tx
    .update(apps)
    .set({ header })
    .where(and(eq(apps.appId, appId), eq(apps.header, '')));
}
