import { eq } from 'drizzle-orm';
import {
  AppError,
  appSettingsSchema,
  appStyleSchema,
  PLATFORM_TENANT_ID,
  type AuthBranding,
  type AuthConfig,
} from '@buildai/domain';
import { apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';

export interface Tenant {
  tenantId: string;
  appId: string | null;
  appName: string | null;
  signUpEnabled: boolean;
  /** what the app's sign-in page shows of it (null for the builders' platform) */
  page: AppSignInPage | null;
}

/** An app's look and links on its own sign-in and sign-up pages. */
export interface AppSignInPage {
  branding: AuthBranding;
  /** the app's own domain, '' for none */
  customDomain: string;
  termsOfServiceLink: string;
  privacyPolicyLink: string;
  supportEmail: string;
}

/** An app's own end users are a tenant whose id is the app id; no app id means the builders' platform. */
export async function resolveTenant(platform: Platform, appId?: string | null): Promise<Tenant> {
  if (!appId || appId === PLATFORM_TENANT_ID) {
    return {
      tenantId: PLATFORM_TENANT_ID,
      appId: null,
      appName: null,
      signUpEnabled: platform.config.BUILDER_SIGNUP_ENABLED,
      page: null,
    };
  }
  const [app] = await platform.db
    .select({
      appId: apps.appId,
      header: apps.header,
      isPublished: apps.isPublished,
      appSettings: apps.appSettings,
      appStyle: apps.appStyle,
    })
    .from(apps)
    .where(eq(apps.appId, appId));
  if (!app) throw new AppError('app/not-found');
  return {
    tenantId: app.appId,
    appId: app.appId,
    appName: app.header || null,
    // spec 001 §4: user sign-up only for an app that turned it on and is published or has its own domain
    signUpEnabled:
      app.appSettings.isSignupEnabled === true &&
      (app.isPublished ||
        (typeof app.appSettings.customDomain === 'string' && app.appSettings.customDomain !== '')),
    page: signInPage(app.header, app.appStyle, app.appSettings),
  };
}

function signInPage(header: string, storedStyle: unknown, storedSettings: unknown): AppSignInPage {
  // stored values that no longer parse fall back to the defaults, as the app's own pages do
  const style = appStyleSchema.safeParse(storedStyle ?? {});
  const settings = appSettingsSchema.safeParse(storedSettings ?? {});
  const s = style.success ? style.data : appStyleSchema.parse({});
  const links = settings.success ? settings.data : appSettingsSchema.parse({});
  return {
    branding: {
      header,
      logoUrl: s.logoUrl,
      styleName: s.styleName,
      backgroundColor: s.backgroundColor,
      headerTextColor: s.headerTextColor,
      subheaderTextColor: s.subheaderTextColor,
      buttonTextColor: s.buttonTextColor,
      buttonBackgroundColor: s.buttonBackgroundColor,
    },
    customDomain: links.customDomain,
    termsOfServiceLink: links.termsOfServiceLink,
    privacyPolicyLink: links.privacyPolicyLink,
    supportEmail: links.supportEmail,
  };
}

/**
 * The sign-in options of a tenant's page. `host` is where the page is shown: on an app's custom domain Google is
 * not offered, since Google's answer comes back to PUBLIC_URL and its popup cannot hand the sign-in to a page of
 * another origin (README "Custom domains").
 */
export function authConfig(platform: Platform, tenant: Tenant, host?: string): AuthConfig {
  const { page, ...rest } = tenant;
  const onAppDomain =
    page !== null &&
    page.customDomain !== '' &&
    (host ?? '').toLowerCase().replace(/:\d*$/, '') === page.customDomain;
  return {
    ...rest,
    googleEnabled: googleConfigured(platform) && !onAppDomain,
    branding: page?.branding ?? null,
    termsOfServiceLink: page?.termsOfServiceLink ?? '',
    privacyPolicyLink: page?.privacyPolicyLink ?? '',
    supportEmail: page?.supportEmail ?? '',
  };
}

export function googleConfigured(platform: Platform): boolean {
  return Boolean(platform.config.GOOGLE_CLIENT_ID && platform.config.GOOGLE_CLIENT_SECRET);
}

/** A signed-in caller of exactly this tenant: a token of another tenant is refused as if there were none. */
export function requireTenantCaller(caller: Caller | null, tenantId: string): Caller {
  if (!caller || caller.tenantId !== tenantId) throw new AppError('auth/unauthenticated');
  return caller;
}
