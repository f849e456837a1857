import { and, eq, isNull } from 'drizzle-orm';
import { AppError, type AppUserEntry, type PatchAppUserRequest } from '@buildai/domain';
import { refreshTokens, users } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireOwnedApp } from '../apps';
import { listAppUsers } from './list-app-users';

export interface PatchAppUserOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  userId: string;
  body: () => Promise<PatchAppUserRequest>;
}

/**
 * `PATCH /api/apps/{appId}/users/{userId}`: those who edit the app change an end user's role (the User entity's
 * rule, decision 0008: `user` or `admin`, from the user's next request on) or disable them (signed out at once:
 * their refresh tokens are revoked; sign-in answers the spec's "User is disabled").
 */
export async function patchAppUser({
  platform,
  caller,
  appId,
  userId,
  body,
}: PatchAppUserOptions): Promise<AppUserEntry> {
  await requireOwnedApp(platform, caller, appId);
  const mine = and(eq(users.id, userId), eq(users.tenantId, appId));
  const [found] = await platform.db.select({ email: users.email }).from(users).where(mine);
  if (!found) throw new AppError('auth/user-not-found');
  const { role, disabled } = await body();
  await platform.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        ...(role !== undefined ? { appRole: role } : {}),
        ...(disabled !== undefined ? { disabledAt: disabled ? new Date() : null } : {}),
      })
      .where(mine);
    if (disabled)
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  });
  const page = await listAppUsers({ platform, caller, appId, query: { q: found.email } });
  const entry = page.items.find((u) => u.id === userId);
  if (!entry) throw new AppError('auth/user-not-found');
  return entry;
}
