import { eq, sql } from 'drizzle-orm';
import {
  chatSettingsSchema,
  DEFAULT_CHAT_SETTINGS,
  ADMIN_ONLY_SETTINGS,
  AppError,
  appSettingsSchema,
  emailSchema,
  PLAN_LOCKED_SETTINGS,
  type AppSettings,
} from '@buildai/domain';
import { apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { AppChangeBus } from './app-change-bus';

import { checkAssistantSettings } from './assistant-settings';
import { checkCustomDomain, isDomainTaken } from './custom-domain';
import { changedKeys, mergeSent } from './merge-settings';
import { requireOwnedApp } from './rights';
import { validateWith } from '../../http/validation';
import { readSettings } from './view';

/**
 * Settings another feature keeps (paid memberships: the seller's token, stored apart, and the connected product,
 * which only that feature sets). Handed in by app.ts, it sees the settings last, before they are written, and
 * answers those to write.
 */
export interface SettingsKeeper {
  keep(input: {
    platform: Platform;
    appId: string;
    stored: AppSettings;
    settings: AppSettings;
  }): Promise<AppSettings>;
}

/**
 * POST /api/apps/{appId}/settings (spec 000 §3, §5, §6; spec 001 §3–§5). A lite account may not change run
 * settings, a non-admin may not change the admin-only ones; a setting sent unchanged is always accepted, since
 * the client sends the whole object.
 */
export interface SaveSettingsOptions {
  platform: Platform;
  changes: AppChangeBus;
  caller: Caller;
  appId: string;
  /** the settings as the client sent them (the whole object, or some of it) */
  sent: Record<string, unknown>;
  keeper?: SettingsKeeper;
}

export async function saveSettings(opts: SaveSettingsOptions): Promise<{ appSettings: AppSettings }> {
  const { platform, changes, caller, appId, sent, keeper } = opts;
  const { rights, app, isOwner } = await requireOwnedApp(platform, caller, appId);
  const stored = readSettings(app);
  const settings = mergeSent(stored, validateWith(appSettingsSchema, sent, 'appSettings'), sent);
  // the chat settings are the activation's to set (decision 0010): a save keeps them as stored
  settings.chatSettings = stored.chatSettings;

  const locked = changedKeys(stored, settings, PLAN_LOCKED_SETTINGS);
  if (rights.isLite && locked.length > 0)
    throw new AppError('settings/locked', { field: `appSettings.${locked[0]}` });
  // whose Gumroad account an app's sales go to is the owner's choice, never a collaborator's
  if (!isOwner && settings.gumroadAccessToken)
    throw new AppError('app/owner-only', { field: 'appSettings.gumroadAccessToken' });
  const adminOnly = changedKeys(stored, settings, ADMIN_ONLY_SETTINGS);
  if (!rights.isAdmin && adminOnly.length > 0)
    throw new AppError('settings/admin-only', { field: `appSettings.${adminOnly[0]}` });

  await checkAssistantSettings({ platform, appId: app.appId, rights, stored, settings });
  settings.templateCategories = checkCategories(settings.templateCategories);
  settings.templateCategory = settings.templateCategory.trim();
  settings.supportEmail = checkSupportEmail(settings.supportEmail);
  if (settings.isSignupEnabled) checkSignup(settings, app.isPublished);
  if (settings.customDomain !== stored.customDomain)
    await checkCustomDomain(platform, app.appId, settings.customDomain);

  const saved = keeper ? await keeper.keep({ platform, appId: app.appId, stored, settings }) : settings;
  const [written] = await platform.db
    .update(apps)
    .set({
      // the chat settings are taken from the row as the update finds it: an activation that commits while this
      // save waits for the row is kept, not overwritten with what was read before it
      appSettings: sql`jsonb_set(${JSON.stringify(saved)}::jsonb, '{chatSettings}', coalesce(${apps.appSettings} -> 'chatSettings', ${JSON.stringify(DEFAULT_CHAT_SETTINGS)}::jsonb))`,
      // the column mirrors the setting so its unique index keeps one app per domain
      customDomain: settings.customDomain || null,
      updatedAt: new Date(),
    })
    .where(eq(apps.appId, app.appId))
    .returning({ appSettings: apps.appSettings })
    .catch((err: unknown) => {
      if (isDomainTaken(err))
        throw new AppError('settings/domain-taken', { field: 'appSettings.customDomain' });
      throw err;
    });
  const chatSettings = chatSettingsSchema.safeParse(written?.appSettings.chatSettings);
  await changes.announce(app.appId);
  return {
    appSettings: { ...saved, chatSettings: chatSettings.success ? chatSettings.data : DEFAULT_CHAT_SETTINGS },
  };
}

/** The support email end users write to: empty, or one address (shown on the app's sign-in page). */
function checkSupportEmail(raw: string): string {
  const email = raw.trim();
  if (email !== '' && !emailSchema.safeParse(email).success)
    throw new AppError('settings/support-email-invalid', { field: 'appSettings.supportEmail' });
  return email;
}

/** Category names: trimmed, not empty, no two alike whatever their case (spec 000 §5). */
function checkCategories(categories: string[]): string[] {
  const seen = new Set<string>();
  return categories.map((raw, i) => {
    const name = raw.trim();
    const field = `appSettings.templateCategories.${i}`;
    if (name === '') throw new AppError('settings/category-empty', { field });
    if (seen.has(name.toLowerCase())) throw new AppError('settings/category-exists', { field });
    seen.add(name.toLowerCase());
    return name;
  });
}

/**
 * User signup needs a published app or a custom domain, then a terms link, a privacy link and a support email
 * (spec 001 §4, §5).
 */
function checkSignup(settings: AppSettings, isPublished: boolean): void {
  if (!isPublished && settings.customDomain === '')
    throw new AppError('settings/signup-needs-publish', { field: 'appSettings.isSignupEnabled' });
  const needed = ['termsOfServiceLink', 'privacyPolicyLink', 'supportEmail'] as const;
  const missing = needed.find((k) => settings[k].trim() === '');
  if (missing) throw new AppError('settings/signup-needs-links', { field: `appSettings.${missing}` });
}
