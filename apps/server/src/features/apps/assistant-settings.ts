import { isDeepStrictEqual } from 'node:util';
import {
  ADMIN_ONLY_ASSISTANT_SETTINGS,
  AppError,
  assistantSettingsMessages,
  type AppSettings,
} from '@buildai/domain';
import type { Platform } from '../../platform';
import { loadTools } from './load-app';
import type { BuilderRights } from './rights';

/**
 * The checks of the assistant's settings a schema cannot make (decision 0017): its model and temperature follow the
 * tools' rules (a lite plan cannot change them, only admins may), and the tools it may call are tools of this app.
 * A tool named before and deleted since is dropped quietly, so the builder's next save is not refused for it.
 */
export async function checkAssistantSettings(options: {
  platform: Platform;
  appId: string;
  rights: BuilderRights;
  stored: AppSettings;
  settings: AppSettings;
}): Promise<void> {
  const { platform, appId, rights, stored, settings } = options;
  const before = stored.assistantSettings;
  const after = settings.assistantSettings;
  const changed = ADMIN_ONLY_ASSISTANT_SETTINGS.filter((k) => !isDeepStrictEqual(before[k], after[k]));
  const field = changed[0] && `appSettings.assistantSettings.${changed[0]}`;
  if (field && rights.isLite) throw new AppError('settings/locked', { field });
  if (field && !rights.isAdmin) throw new AppError('settings/admin-only', { field });

  if (after.toolIds === null || isDeepStrictEqual(before.toolIds, after.toolIds)) return;
  const ids = new Set((await loadTools(platform.db, appId)).map((t) => t.toolId));
  const known = new Set(before.toolIds ?? []);
  after.toolIds.forEach((id, i) => {
    if (!ids.has(id) && !known.has(id))
      throw new AppError('request/invalid', {
        message: `appSettings.assistantSettings.toolIds.${i}: ${assistantSettingsMessages.unknownTool}`,
        field: `appSettings.assistantSettings.toolIds.${i}`,
      });
  });
  settings.assistantSettings = { ...after, toolIds: [...new Set(after.toolIds.filter((id) => ids.has(id)))] };
}
