import { eq } from 'drizzle-orm';
import { AppError, CHAT_APP_TYPE, type AppSettings } from '@buildai/domain';
import { apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { isOwnerOf, readSettings, type AppRow } from '../apps';
import { requireMembership } from '../memberships';

/** An app whose assistant answers: the app, its settings, the chat app of its data sources. */
export interface LoadedAssistant {
  app: AppRow;
  settings: AppSettings;
  chatAppId: string;
  /** the caller edits the app (owner or collaborator): they may try the assistant before it is public */
  isEditor: boolean;
}

async function readApp(platform: Platform, appId: string): Promise<AppRow> {
  const [app] = await platform.db.select().from(apps).where(eq(apps.appId, appId));
  // a chat app has no assistant of its own: its parent's is the one
  if (!app || app.appType === CHAT_APP_TYPE) throw new AppError('app/not-found');
  return app;
}

const isActive = (settings: AppSettings) =>
  settings.chatSettings.status === 'active' && settings.chatSettings.chatAppId !== null;

/**
 * The assistant an end user talks to (decision 0010): public when the app is published and its assistant active;
 * its editors may try it otherwise. An unpublished app is not found for anyone else, a published app whose assistant
 * is off answers 404 `chat/not-active`. Paid memberships gate it as they gate runs (402).
 */
export async function loadAssistant(
  platform: Platform,
  caller: Caller | null,
  appId: string,
): Promise<LoadedAssistant> {
  const app = await readApp(platform, appId);
  const settings = readSettings(app);
  const isEditor = await isOwnerOf(platform, caller, app);
  if (!isEditor) {
    if (!app.isPublished) throw new AppError('app/not-found');
    if (!isActive(settings)) throw new AppError('chat/not-active');
  }
  const chatAppId = settings.chatSettings.chatAppId;
  if (!chatAppId) throw new AppError('chat/not-active');
  await requireMembership({ platform, app, settings, caller, exempt: isEditor });
  return { app, settings, chatAppId, isEditor };
}

/**
 * The assistant of an app reached with one of its API keys (OpenAI-compatible chat, MCP): the key is the builder's
 * own grant, so publication and memberships do not apply; the assistant must be active.
 */
export async function loadAssistantForKey(platform: Platform, appId: string): Promise<LoadedAssistant> {
  const app = await readApp(platform, appId);
  const settings = readSettings(app);
  if (!isActive(settings)) throw new AppError('chat/not-active');
  return { app, settings, chatAppId: settings.chatSettings.chatAppId!, isEditor: false };
}

/** Whether the app's assistant is active (MCP lists it as one more tool then). */
export async function isAssistantActive(platform: Platform, appId: string): Promise<boolean> {
  const [app] = await platform.db.select().from(apps).where(eq(apps.appId, appId));
  return Boolean(app && app.appType !== CHAT_APP_TYPE && isActive(readSettings(app)));
}
