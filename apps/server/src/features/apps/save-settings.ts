import { eq } from 'drizzle-orm';
import {
  ADMIN_ONLY_SETTINGS,
  AppError,
  appSettingsSchema,
  PLAN_LOCKED_SETTINGS,
  type AppSettings,
} from '@buildai/domain';
import { apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { AppChangeBus } from './app-change-bus';

import { changedKeys, mergeSent } from './merge-settings';
import { requireOwnedApp } from './rights';
import { validateWith } from '../../http/validation';
import { readSettings } from './view';

/**
 * POST /api/apps/{appId}/settings (spec 000 §3, §5, §6; spec 001 §3–§5). A lite account may not change run
 * settings, a non-admin may not change the admin-only ones; a setting sent unchanged is always accepted, since
 * the client sends the whole object.
 */
export async function saveSettings(
  platform: Platform,
  changes: AppChangeBus,
  caller: Caller,
  appId: string,
  sent: Record<string, unknown>,
): Promise<{ appSettings: AppSettings }> {
  const { rights, app } = await requireOwnedApp(platform, caller, appId);
  const stored = readSettings(app);
  const settings = mergeSent(stored, validateWith(appSettingsSchema, sent, 'appSettings'), sent);

  const locked = changedKeys(stored, settings, PLAN_LOCKED_SETTINGS);
  if (rights.isLite && locked.length > 0)
    throw new AppError('settings/locked', { field: `appSettings.${locked[0]}` });
  const adminOnly = changedKeys(stored, settings, ADMIN_ONLY_SETTINGS);
  if (!rights.isAdmin && adminOnly.length > 0)
    throw new AppError('settings/admin-only', { field: `appSettings.${adminOnly[0]}` });

  settings.templateCategories = checkCategories(settings.templateCategories);
  settings.templateCategory = settings.templateCategory.trim();
  if (settings.isSignupEnabled) checkSignup(settings, app.isPublished);

  await platform.db
    .update(apps)
    .set({ appSettings: settings, updatedAt: new Date() })
    .where(eq(apps.appId, app.appId));
  await changes.announce(app.appId);
  return { appSettings: settings };
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

/** User signup needs a published app, then a terms link, a privacy link and a support email (spec 001 §4, §5). */
function checkSignup(settings: AppSettings, isPublished: boolean): void {
  if (!isPublished)
    throw new AppError('settings/signup-needs-publish', { field: 'appSettings.isSignupEnabled' });
  const needed = ['termsOfServiceLink', 'privacyPolicyLink', 'supportEmail'] as const;
  const missing = needed.find((k) => settings[k].trim() === '');
  if (missing) throw new AppError('settings/signup-needs-links', { field: `appSettings.${missing}` });
}
