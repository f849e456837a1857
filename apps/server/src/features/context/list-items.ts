import { and, desc, eq, inArray } from 'drizzle-orm';
import { LIVE_CONTEXT_STATUSES, type ContextItemsResponse } from '@buildai/domain';
import { contextItems } from '../../db/schema';
import type { Builder } from './ingest';
import { toContextItem } from './items';
import { hasReachedDataLimit } from './limits';

/**
 * GET /api/context/items: the app's items, newest first, and whether the account has used its month's data;
 * `liveOnly` keeps the items still unsynced, pending or running.
 */
export async function listItems(b: Builder, appId: string, liveOnly: boolean): Promise<ContextItemsResponse> {
  const rows = await b.platform.db
    .select()
    .from(contextItems)
    .where(
      and(
        eq(contextItems.appId, appId),
        liveOnly ? inArray(contextItems.status, [...LIVE_CONTEXT_STATUSES]) : undefined,
      ),
    )
    .orderBy(desc(contextItems.createdAt), desc(contextItems.id));
  return {
    contextItems: rows.map(toContextItem),
    hasReachedDataLimit: await hasReachedDataLimit(b.platform.db, b.account.accountId, b.plan),
  };
}
