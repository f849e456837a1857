import { sql } from 'drizzle-orm';
import type { ManageSubscription } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { manageLinkOf } from '../payments';

/**
 * `GET /api/apps/{appId}/membership/manage`: Gumroad's subscription management link of the signed-in end user's
 * membership (spec 000 §2: "a subscription management link when a subscription exists"), or null: no subscription,
 * or not an end user of this app.
 */
export async function manageSubscription(
  platform: Platform,
  caller: Caller | null,
  appId: string,
): Promise<ManageSubscription> {
  if (!caller || caller.tenantId !== appId) return { url: null };
  const result = await platform.db.execute(sql`
    select ps.subscription_id from users u
    join payment_sales ps on ps.scope = u.tenant_id
      and (ps.user_id = u.id or (u.email_verified_at is not null and lower(ps.email) = lower(u.email)))
    where u.id = ${caller.userId} and u.tenant_id = ${appId} and ps.subscription_id is not null
      and ps.state in ('alive', 'cancelled')
    order by (ps.state = 'alive') desc, ps.updated_at desc
    limit 1
  `);
  const [row] = (result as unknown as { rows: Array<{ subscription_id: string }> }).rows;
  return { url: row ? manageLinkOf(platform.config.GUMROAD_API_URL, row.subscription_id) : null };
}
