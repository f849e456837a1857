import { GUMROAD_RESOURCES } from '@buildai/domain';
import type { Platform } from '../../platform';
import { publicBaseUrl } from '../identity';
import { gumroadClient } from './services';

/** Where Gumroad pings the operator's own products (builder plans). */
export function operatorPingUrl(platform: Platform): string {
  return `${publicBaseUrl(platform)}/api/payments/gumroad/ping`;
}

/**
 * With GUMROAD_ACCESS_TOKEN set, makes sure the operator's Gumroad account pings this server for the four
 * resources: a subscription posting to this server's ping URL is added where missing, none is removed (the operator
 * may have others). Run at every start, so a new PUBLIC_URL is picked up without a manual step.
 */
export async function registerOperatorPings(platform: Platform): Promise<void> {
  const token = platform.config.GUMROAD_ACCESS_TOKEN;
  if (!token) return;
  const gumroad = gumroadClient(platform, token);
  const pingUrl = operatorPingUrl(platform);
  for (const resource of GUMROAD_RESOURCES) {
    const existing = await gumroad.listResourceSubscriptions(resource);
    if (!existing.some((s) => s.post_url === pingUrl)) await gumroad.subscribe(resource, pingUrl);
  }
}
