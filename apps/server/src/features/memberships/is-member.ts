import { and, eq, isNull, sql } from 'drizzle-orm';
import { preparedPerDb } from '../../db/prepared';
import { paymentSales, users } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';

/**
 * The end user and whether they hold a sale that counts, in one statement on `payment_sales`' (scope, email)
 * index: a sale of the app (`scope`) of its connected product, linked to the user (sign-up with `?sale_id=`) or
 * sold to their verified email, alive, or cancelled and still in its paid period. Ended and refunded never count.
 * An email match needs a verified address: anyone can sign up with a buyer's email, only the buyer can verify it.
 */
const memberQuery = preparedPerDb((db) =>
  db
    .select({
      appAdmin: sql<boolean>`${users.appRole} = 'admin'`,
      // the user's columns are named with their table: drizzle writes them bare in a one-table select, and bare
      // `email` inside the subquery would be the sale's own
      member: sql<boolean>`exists (
        select 1 from ${paymentSales} s
        where s.scope = "users"."tenant_id"
          and s.product_id = ${sql.placeholder('productId')}
          and (s.user_id = "users"."id"
            or ("users"."email_verified_at" is not null and lower(s.email) = lower("users"."email")))
          and (s.state = 'alive' or (s.state = 'cancelled' and (s.paid_until is null or s.paid_until > now())))
      )`,
    })
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        eq(users.tenantId, sql.placeholder('appId')),
        isNull(users.disabledAt),
      ),
    )
    .prepare('app_membership'),
);

export interface IsMemberOptions {
  platform: Platform;
  appId: string;
  /** the app's connected product */
  productId: string;
  caller: Caller | null;
}

/**
 * Whether the caller is a member of the app (the membership rule): only the app's own end users can be, and an
 * admin of the app (its `admin` role) counts as one. Anyone else is answered without a query.
 */
export async function isMember({ platform, appId, productId, caller }: IsMemberOptions): Promise<boolean> {
  if (!caller || caller.tenantId !== appId) return false;
  const [row] = await memberQuery(platform.db).execute({ userId: caller.userId, appId, productId });
  return Boolean(row && (row.appAdmin || row.member));
}
