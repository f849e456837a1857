import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import { apiKeys } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireOwnedApp } from '../apps';

export interface RevokeApiKeyOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  keyId: string;
}

/**
 * Ends a key of an app the caller edits: from now on it is refused like a key that never existed (every request
 * looks the key up, nothing caches it). A key of another app, or one already revoked, answers 404.
 */
export async function revokeApiKey(options: RevokeApiKeyOptions): Promise<void> {
  const { platform, caller, appId, keyId } = options;
  await requireOwnedApp(platform, caller, appId);
  const ended = await platform.db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.appId, appId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (ended.length === 0) throw new AppError('api-key/not-found');
}
