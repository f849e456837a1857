import { and, desc, eq } from 'drizzle-orm';
import type { ApiKeysResponse } from '@buildai/domain';
import { apiKeys, apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireOwnedApp } from '../apps';
import { liveKey } from './live-key';

export interface ListApiKeysOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
}

/** The live keys of an app the caller edits, newest first, without the keys themselves. */
export async function listApiKeys(options: ListApiKeysOptions): Promise<ApiKeysResponse> {
  const { platform, caller, appId } = options;
  await requireOwnedApp(platform, caller, appId);
  const rows = await platform.db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(apps, eq(apps.appId, apiKeys.appId))
    .where(and(eq(apiKeys.appId, appId), liveKey()))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return {
    apiKeys: rows.map((row) => ({
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    })),
  };
}
