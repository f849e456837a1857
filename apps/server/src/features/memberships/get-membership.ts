import { eq } from 'drizzle-orm';
import { AppError, PLATFORM_TENANT_ID, type MembershipStatus } from '@buildai/domain';
import { apps, paymentConnections } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { isBuilderExempt } from './builder-exempt';
import { isMember } from './is-member';
import { membershipProductId, membershipsOn, type MembershipSettings } from './memberships-on';
import { planCardOf, readProduct } from './plan-card';

export interface GetMembershipOptions {
  platform: Platform;
  caller: Caller | null;
  appId: string;
}

/**
 * GET /api/apps/{appId}/membership: whether the app asks for a membership, whether the caller passes (a member,
 * the owner or an admin) and the plan to offer. An unpublished app is its owner's (and admins') alone: 404 to
 * anyone else, as its pages are.
 */
export async function getMembership({
  platform,
  caller,
  appId,
}: GetMembershipOptions): Promise<MembershipStatus> {
  const [row] = await platform.db
    .select({
      appId: apps.appId,
      ownerAccountId: apps.ownerAccountId,
      header: apps.header,
      isPublished: apps.isPublished,
      settings: apps.appSettings,
      productName: paymentConnections.productName,
      productUrl: paymentConnections.productUrl,
      product: paymentConnections.product,
    })
    .from(apps)
    .leftJoin(paymentConnections, eq(paymentConnections.appId, apps.appId))
    .where(eq(apps.appId, appId));
  if (!row) throw new AppError('app/not-found');
  const settings = row.settings as MembershipSettings;
  const isBuilder = caller?.tenantId === PLATFORM_TENANT_ID;
  const exempt = isBuilder ? await isBuilderExempt(platform, caller, row) : false;
  if (!row.isPublished && !exempt) throw new AppError('app/not-found');

  const appName = row.header.trim();
  if (!membershipsOn(settings)) return { required: false, isMember: false, plan: null, appName };
  const productId = membershipProductId(settings);
  const product = readProduct(row.product, {
    id: productId,
    name: row.productName ?? settings.paidMembershipsProduct?.name ?? appName,
    url: row.productUrl,
  });
  const member = exempt || (!isBuilder && (await isMember({ platform, appId, productId, caller })));
  return { required: true, isMember: member, plan: planCardOf(product), appName };
}
