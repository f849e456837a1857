import { and, eq, isNull } from 'drizzle-orm';
import { AppError, appUserRoleSchema, type AppMeResponse } from '@buildai/domain';
import { apps, users } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { isOwnerOf } from '../apps';

/**
 * GET /api/apps/{appId}/me: who the caller is to this app, for the SDK's `auth.me()` (decision 0008, "The app SDK's
 * data and auth"). An end user of the app's tenant is themselves with their role (`users.app_role`); the owner
 * builder is the app's `admin`; anyone else — no token, another app's user, another builder — is anonymous (null),
 * as the app database takes them.
 */
export async function getAppUser(
  platform: Platform,
  caller: Caller | null,
  appId: string,
): Promise<AppMeResponse> {
  const [app] = await platform.db.select().from(apps).where(eq(apps.appId, appId));
  if (!app) throw new AppError('app/not-found');
  if (!caller) return { user: null };
  if (caller.tenantId === appId) {
    const [user] = await platform.db
      .select({ id: users.id, email: users.email, role: users.appRole })
      .from(users)
      .where(and(eq(users.id, caller.userId), eq(users.tenantId, appId), isNull(users.disabledAt)));
    if (!user) return { user: null };
    const role = appUserRoleSchema.safeParse(user.role);
    return { user: { id: user.id, email: user.email, role: role.success ? role.data : 'user' } };
  }
  if (await isOwnerOf(platform, caller, app)) {
    return { user: { id: caller.userId, email: caller.email, role: 'admin' } };
  }
  return { user: null };
}
