import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  accessChanges,
  AppError,
  sameAccessChanges,
  type AccessChange,
  type ChatMessagesResponse,
  type EntityEntry,
} from '@buildai/domain';
import { appChatMessages, appFiles, appVersions } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { lockChat, restoreAppDocuments, type AppChangeBus } from '../apps';
import { listEntities, replaceEntities } from '../entities';
import { loadChatApp } from './load-space-app';
import { messageView } from './views';

export interface RestoreVersionOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  versionId: string;
  /** the body's message id and confirmed access changes, read once the caller is known to own the app */
  body: () => Promise<{ messageId?: string | undefined; accessChanges?: AccessChange[] | undefined }>;
  /** told once the restore is saved: what is kept of the app (its published tools) is dropped everywhere */
  changes: AppChangeBus;
}

/**
 * POST /api/apps/{appId}/versions/{versionId}/restore, in one transaction (decision 0007, "Restore"): the files
 * and the entity schemas become the version's, the user message that made it stays with its answer, and every later message and later
 * version goes. Refused while a turn runs, since that turn would write over the restored files.
 */
export async function restoreVersion(options: RestoreVersionOptions): Promise<ChatMessagesResponse> {
  const { platform, caller, appId, versionId } = options;
  const { app } = await loadChatApp(platform, caller, appId);
  const sent = await options.body();
  const sentMessageId = sent.messageId;
  const restored = await platform.db.transaction(async (tx) => {
    // locked first: a restore or a turn that ends meanwhile may delete or add versions
    await lockChat(tx, appId);
    const [version] = await tx
      .select()
      .from(appVersions)
      .where(and(eq(appVersions.appId, appId), eq(appVersions.versionId, versionId)));
    if (!version) throw new AppError('version/not-found');
    const messageId = sentMessageId ?? version.messageId;
    if (!messageId) throw new AppError('version/no-message-id');
    // another message would keep a chat whose later versions are deleted (or delete the version's own message):
    // files and chat must tell the same story
    if (version.messageId && messageId !== version.messageId)
      throw new AppError('request/invalid', {
        message: 'This message did not make this version',
        field: 'messageId',
      });

    const messages = await tx
      .select()
      .from(appChatMessages)
      .where(eq(appChatMessages.appId, appId))
      .orderBy(asc(appChatMessages.seq));
    const at = messages.findIndex((m) => m.messageId === messageId);
    if (at < 0) throw new AppError('space/message-not-found');
    // the message's own answer stays: it is what made the version
    const answer = messages[at + 1]?.role === 'assistant' ? at + 1 : at;
    const later = messages.slice(answer + 1).map((m) => m.messageId);
    if (later.length > 0) {
      await tx.delete(appChatMessages).where(inArray(appChatMessages.messageId, later));
    }
    // compared in the database: a JavaScript date drops the microseconds PostgreSQL keeps
    const madeAt = tx
      .select({ at: appVersions.createdAt })
      .from(appVersions)
      .where(eq(appVersions.versionId, version.versionId));
    await tx
      .delete(appVersions)
      .where(and(eq(appVersions.appId, appId), gt(appVersions.createdAt, sql`(${madeAt})`)));
    if (app.appType === 'generated') {
      // a generated app's tools and details become the version's (decision 0015)
      await restoreAppDocuments(tx, appId, version.files);
      return { messages: messages.slice(0, answer + 1).map(messageView) };
    }
    await tx.delete(appFiles).where(eq(appFiles.appId, appId));
    if (version.files.length > 0) {
      await tx
        .insert(appFiles)
        .values(version.files.map((f) => ({ appId, path: f.path, content: f.content })));
    }
    // who may read and write changes only as the builder confirmed it: the data API serves the app's records under
    // the live rules at once, whatever code is published (issue 32, item 6)
    const changes = accessChanges(await listEntities(tx, appId), version.entities as EntityEntry[]);
    if (changes.length > 0 && !sameAccessChanges(changes, sent.accessChanges ?? []))
      throw new AppError('version/access-unconfirmed', { details: { accessChanges: changes } });
    // the schemas become the version's: an entity made after it goes with its records (decision 0008)
    await replaceEntities(tx, appId, version.entities as EntityEntry[]);
    return { messages: messages.slice(0, answer + 1).map(messageView) };
  });
  // a published app's visitors run the restored tools from the next run on, on every instance
  await options.changes.announce(appId);
  return restored;
}
