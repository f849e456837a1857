import { AppError, PLATFORM_TENANT_ID } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadOwnedApp, requireBuilderRights, type AppRow } from '../apps';

type BuilderRights = Awaited<ReturnType<typeof requireBuilderRights>>;

export interface SpaceAppAccess {
  app: AppRow;
  rights: BuilderRights;
}

/**
 * A space app of the calling builder, read with the owner in the query: another builder's app, or any app asked
 * by an app's end user, answers 404 as if it did not exist (the end user's token belongs to another tenant).
 */
export async function loadSpaceApp(
  platform: Platform,
  caller: Caller,
  appId: string,
): Promise<SpaceAppAccess> {
  if (caller.tenantId !== PLATFORM_TENANT_ID) throw new AppError('app/not-found');
  const rights = await requireBuilderRights(platform, caller);
  const app = await loadOwnedApp(platform.db, rights.account.accountId, appId);
  if (app.appType !== 'space') throw new AppError('space/not-space-app');
  return { app, rights };
}

/**
 * An app whose builder chat this is: a space app, or a generated app (decision 0015) for an admin or a builder on a
 * paid plan (the lowest plan has the tools' settings locked, spec 000 §6: 403 `generated/chat-locked`). Another
 * builder's app answers 404.
 */
export async function loadChatApp(
  platform: Platform,
  caller: Caller,
  appId: string,
): Promise<SpaceAppAccess> {
  if (caller.tenantId !== PLATFORM_TENANT_ID) throw new AppError('app/not-found');
  const rights = await requireBuilderRights(platform, caller);
  const app = await loadOwnedApp(platform.db, rights.account.accountId, appId);
  if (app.appType === 'generated') {
    if (rights.isLite) throw new AppError('generated/chat-locked');
    return { app, rights };
  }
  if (app.appType !== 'space') throw new AppError('space/not-space-app');
  return { app, rights };
}

/** The code editor is for admins only (spec 000 §2). */
export function requireAdmin(access: SpaceAppAccess): void {
  if (!access.rights.isAdmin) throw new AppError('auth/forbidden');
}
