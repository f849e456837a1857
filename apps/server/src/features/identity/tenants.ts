import { eq } from 'drizzle-orm';
import { AppError, PLATFORM_TENANT_ID, type AuthConfig } from '@buildai/domain';
import { apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';

export interface Tenant {
  tenantId: string;
  appId: string | null;
  appName: string | null;
  signUpEnabled: boolean;
}

/** An app's own end users are a tenant whose id is the app id; no app id means the builders' platform. */
export async function resolveTenant(platform: Platform, appId?: string | null): Promise<Tenant> {
  if (!appId || appId === PLATFORM_TENANT_ID) {
    return {
      tenantId: PLATFORM_TENANT_ID,
      appId: null,
      appName: null,
      signUpEnabled: platform.config.BUILDER_SIGNUP_ENABLED,
    };
  }
  const [app] = await platform.db
    .select({
      appId: apps.appId,
      header: apps.header,
      isPublished: apps.isPublished,
      appSettings: apps.appSettings,
    })
    .from(apps)
    .where(eq(apps.appId, appId));
  if (!app) throw new AppError('app/not-found');
  return {
    tenantId: app.appId,
    appId: app.appId,
    appName: app.header || null,
    // spec 001 §4: user sign-up only for a published app that turned it on
    signUpEnabled: app.isPublished && app.appSettings.isSignupEnabled === true,
  };
}

export function authConfig(platform: Platform, tenant: Tenant): AuthConfig {
  return { ...tenant, googleEnabled: googleConfigured(platform) };
}

export function googleConfigured(platform: Platform): boolean {
  return Boolean(platform.config.GOOGLE_CLIENT_ID && platform.config.GOOGLE_CLIENT_SECRET);
}

/** A signed-in caller of exactly this tenant: a token of another tenant is refused as if there were none. */
export function requireTenantCaller(caller: Caller | null, tenantId: string): Caller {
  if (!caller || caller.tenantId !== tenantId) throw new AppError('auth/unauthenticated');
  return caller;
}
