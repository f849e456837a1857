import { AppError, PLATFORM_TENANT_ID } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { AppRow } from '../apps';
import { isBuilderExempt } from './builder-exempt';
import { isMember } from './is-member';
import { membershipProductId, membershipsOn, type MembershipSettings } from './memberships-on';

export interface RequireMembershipOptions {
  platform: Platform;
  app: Pick<AppRow, 'appId' | 'ownerAccountId'>;
  /** the app's settings (parsed or raw): with memberships off nothing is read */
  settings: MembershipSettings | null | undefined;
  caller: Caller | null;
  /** the caller is already known to be the app's owner or one of its admins */
  exempt?: boolean;
}

/**
 * The gate of an app's tool runs, pages and data (the membership rule): with memberships on, anyone who is not a
 * member, the app's owner or an admin is refused with 402 `payments/membership-required`. With memberships off it
 * returns at once, without a query.
 */
export async function requireMembership(options: RequireMembershipOptions): Promise<void> {
  const { platform, app, settings, caller } = options;
  if (!membershipsOn(settings) || options.exempt) return;
  if (caller?.tenantId === PLATFORM_TENANT_ID) {
    if (await isBuilderExempt(platform, caller, app)) return;
  } else if (
    await isMember({ platform, appId: app.appId, productId: membershipProductId(settings), caller })
  ) {
    return;
  }
  throw new AppError('payments/membership-required');
}
