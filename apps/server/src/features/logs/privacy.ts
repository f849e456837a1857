import { eq, sql, type Placeholder } from 'drizzle-orm';
import type { AppPrivacy, AppPrivacyView } from '@buildai/domain';
import { preparedPerDb } from '../../db/prepared';
import { appPrivacy } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadOwnedApp, requireBuilder } from '../apps';
import { eraseRunAndConversation } from './erase';
import { latestReveals } from './reveals';
import { sweepApp } from './retention';

const DEFAULT_PRIVACY: AppPrivacy = { retentionDays: null, keepConversations: true };

export async function readPrivacy(platform: Platform, appId: string): Promise<AppPrivacy> {
  const [row] = await platform.db
    .select({ retentionDays: appPrivacy.retentionDays, keepConversations: appPrivacy.keepConversations })
    .from(appPrivacy)
    .where(eq(appPrivacy.appId, appId));
  return row ?? DEFAULT_PRIVACY;
}

/** `GET /api/apps/{appId}/privacy`: the settings and the latest reveals of personal fields. */
export async function getPrivacy(platform: Platform, caller: Caller, appId: string): Promise<AppPrivacyView> {
  const account = await requireBuilder(platform, caller);
  await loadOwnedApp(platform.db, account.accountId, appId);
  const [privacy, reveals] = await Promise.all([
    readPrivacy(platform, appId),
    latestReveals(platform, appId),
  ]);
  return { ...privacy, reveals };
}

export interface SavePrivacyOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  body: () => Promise<AppPrivacy>;
}

/**
 * `PUT /api/apps/{appId}/privacy`: the body is read once the caller is known to edit the app; a shorter retention
 * applies at once (what is past it is erased before the answer).
 */
export async function savePrivacy({
  platform,
  caller,
  appId,
  body,
}: SavePrivacyOptions): Promise<AppPrivacyView> {
  const account = await requireBuilder(platform, caller);
  await loadOwnedApp(platform.db, account.accountId, appId);
  const next = await body();
  await platform.db
    .insert(appPrivacy)
    .values({ appId, ...next, updatedAt: new Date() })
    .onConflictDoUpdate({ target: appPrivacy.appId, set: { ...next, updatedAt: new Date() } });
  await sweepApp(platform, appId, next.retentionDays);
  return getPrivacy(platform, caller, appId);
}

/** The app's privacy row, when it says its conversations are not kept. */
const notKeptRow = (appId: string | Placeholder) =>
  sql`${appPrivacy.appId} = ${appId} and ${appPrivacy.keepConversations} = false`;

const notKept = preparedPerDb((db) =>
  db
    .select({ appId: appPrivacy.appId })
    .from(appPrivacy)
    .where(notKeptRow(sql.placeholder('appId')))
    .prepare('app_privacy_not_kept'),
);

/**
 * Once a run (or an assistant turn, its answer stored) ended: in an app that keeps no conversations, its inputs,
 * answer and conversation are erased at once. Never throws: the run itself went well.
 */
export async function forgetIfNotKept(platform: Platform, appId: string, runId: string): Promise<void> {
  let notKeptApp: unknown;
  try {
    [notKeptApp] = await notKept(platform.db).execute({ appId });
  } catch (err) {
    platform.logger.error({ err, appId, runId }, 'could not erase a run its app does not keep');
    return;
  }
  if (notKeptApp) await forgetRun(platform, appId, runId);
}

/**
 * Whether the app keeps no conversations, as a condition to read in the statement that finishes a run (its
 * `returning`), so a tool run asks it without a round trip of its own; `forgetRun` then erases the run.
 */
export const keepsNoConversations = (appId: string | Placeholder) =>
  sql<boolean>`exists (select 1 from ${appPrivacy} where ${notKeptRow(appId)})`;

/** Erases a run of an app that keeps no conversations (its inputs, answer and conversation). Never throws. */
export async function forgetRun(platform: Platform, appId: string, runId: string): Promise<void> {
  try {
    await eraseRunAndConversation(platform.db, appId, runId);
  } catch (err) {
    platform.logger.error({ err, appId, runId }, 'could not erase a run its app does not keep');
  }
}
