import { and, eq, ne } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import { apps } from '../../db/schema';
import { appOrigin } from '../../config';
import type { Platform } from '../../platform';

/** The product's own host names (PUBLIC_URL and the app origin): no app may take them over. */
function ownHosts(platform: Platform): string[] {
  const hosts = [appOrigin(platform.config)];
  if (platform.config.PUBLIC_URL) hosts.push(platform.config.PUBLIC_URL);
  return hosts.map((u) => new URL(u).hostname.toLowerCase());
}

/**
 * A custom domain may be saved when it is not the product's own address and no other app has it (the unique index
 * on `apps.custom_domain` is the final word, see `isDomainTaken`).
 */
export async function checkCustomDomain(platform: Platform, appId: string, domain: string): Promise<void> {
  if (domain === '') return;
  if (ownHosts(platform).includes(domain))
    throw new AppError('settings/domain-reserved', { field: 'appSettings.customDomain' });
  const [other] = await platform.db
    .select({ appId: apps.appId })
    .from(apps)
    .where(and(eq(apps.customDomain, domain), ne(apps.appId, appId)));
  if (other) throw new AppError('settings/domain-taken', { field: 'appSettings.customDomain' });
}

/** A save that lost the race for a domain to another app's save (unique violation on `apps_custom_domain_uq`). */
export function isDomainTaken(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (
      code === '23505' &&
      (constraint === 'apps_custom_domain_uq' || String(message).includes('custom_domain'))
    )
      return true;
  }
  return false;
}
