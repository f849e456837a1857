import { eq } from 'drizzle-orm';
import { AppError, CHAT_APP_TYPE, type ChatActivateResponse, type ChatSettings } from '@buildai/domain';
import { newId } from '../../db/ids';
import { apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { readSettings, requireOwnedApp, type AppChangeBus } from '../apps';

export interface ActivateChatOptions {
  platform: Platform;
  changes: AppChangeBus;
  caller: Caller;
  appId: string;
  isActive: boolean;
}

/**
 * POST /api/apps/{appId}/chat/activate (spec 001 §2, §3): an editor of the app turns its assistant on or off. The
 * first call creates the chat app (type `chat`, child of this app, same owner, the app's header and branding) that
 * holds the assistant's data sources; turning the assistant off keeps it. The chat settings are the server's: only
 * this call writes them.
 */
export async function activateChat(options: ActivateChatOptions): Promise<ChatActivateResponse> {
  const { platform, changes, caller, appId, isActive } = options;
  const { app } = await requireOwnedApp(platform, caller, appId);
  if (app.appType === CHAT_APP_TYPE) throw new AppError('chat/not-available');
  const chatAppId = await platform.db.transaction(async (tx) => {
    // the row is read again under a lock: two first activations at once create one chat app
    const [locked] = await tx.select().from(apps).where(eq(apps.appId, appId)).for('update');
    if (!locked) throw new AppError('app/not-found');
    const stored = readSettings(locked);
    let id = stored.chatSettings.chatAppId;
    if (id) {
      const [child] = await tx.select({ appId: apps.appId }).from(apps).where(eq(apps.appId, id));
      if (!child) id = null;
    }
    if (!id) {
      id = newId();
      await tx.insert(apps).values({
        appId: id,
        ownerAccountId: locked.ownerAccountId,
        tenantId: locked.tenantId,
        appType: CHAT_APP_TYPE,
        parentAppId: locked.appId,
        header: locked.header,
        description: locked.description,
        appStyle: locked.appStyle,
      });
    }
    const chatSettings: ChatSettings = { chatAppId: id, status: isActive ? 'active' : 'draft' };
    await tx
      .update(apps)
      .set({ appSettings: { ...locked.appSettings, chatSettings }, updatedAt: new Date() })
      .where(eq(apps.appId, appId));
    return id;
  });
  await changes.announce(appId);
  return { isActive, chatAppId };
}
