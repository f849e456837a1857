import { and, count, eq } from 'drizzle-orm';
import { AppError, MAX_API_KEYS_PER_APP, type ApiKeyCreated } from '@buildai/domain';
import { newId } from '../../db/ids';
import { apiKeys, apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireOwnedApp } from '../apps';
import { newApiKey } from './key-format';
import { liveKey } from './live-key';

export interface CreateApiKeyOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  /** the key's name as the request's schema checked it, read once the app is known to be the caller's */
  name: () => Promise<string>;
}

/**
 * A new key of an app the caller edits (owner or collaborator). The key itself is answered here once; only its
 * hash and first characters are kept. An app holds at most MAX_API_KEYS_PER_APP live keys (400 `api-key/too-many`).
 */
export async function createApiKey(options: CreateApiKeyOptions): Promise<ApiKeyCreated> {
  const { platform, caller, appId } = options;
  const { rights, app } = await requireOwnedApp(platform, caller, appId);
  // a chat app is reached through its parent's key (the assistant of the parent app)
  if (app.appType === 'chat') throw new AppError('api-key/chat-app');
  const name = await options.name();
  const made = newApiKey();
  const id = newId();
  const createdAt = await platform.db.transaction(async (tx) => {
    // one key after the other per app, so two at once cannot both be the twentieth
    await tx.select({ appId: apps.appId }).from(apps).where(eq(apps.appId, appId)).for('update');
    const [live] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .innerJoin(apps, eq(apps.appId, apiKeys.appId))
      .where(and(eq(apiKeys.appId, appId), liveKey()));
    if ((live?.n ?? 0) >= MAX_API_KEYS_PER_APP) throw new AppError('api-key/too-many');
    const [row] = await tx
      .insert(apiKeys)
      .values({
        id,
        appId,
        name,
        prefix: made.prefix,
        keyHash: made.keyHash,
        createdByAccountId: rights.account.accountId,
      })
      .returning({ createdAt: apiKeys.createdAt });
    return row!.createdAt;
  });
  return { id, name, key: made.key, prefix: made.prefix, createdAt: createdAt.toISOString() };
}
