import { sql, type SQL } from 'drizzle-orm';
import { AppError, type AppUserEntry, type AppUsersPage, type SaleState } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireOwnedApp } from '../apps';

const PAGE_SIZE = 50;

interface Row {
  id: string;
  email: string;
  created_at: string;
  verified: boolean;
  role: string;
  disabled: boolean;
  state: SaleState | null;
  sale_id: string | null;
  subscription_id: string | null;
  paid_until: string | Date | null;
  renewed_at: string | Date | null;
}

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function readCursor(raw: string | undefined): { at: string; id: string } | null {
  if (!raw) return null;
  const [at, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (!at || !id || Number.isNaN(Date.parse(at))) throw new AppError('request/invalid');
  return { at, id };
}

export interface ListAppUsersOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  query: { q?: string; cursor?: string };
}

/**
 * `GET /api/apps/{appId}/users`: the app's own end users, newest first, each with their membership: the sale linked
 * to them or sold to their verified email (the membership rule's), the one alive first.
 */
export async function listAppUsers({
  platform,
  caller,
  appId,
  query,
}: ListAppUsersOptions): Promise<AppUsersPage> {
  await requireOwnedApp(platform, caller, appId);
  const cursor = readCursor(query.cursor);
  const where: SQL[] = [sql`u.tenant_id = ${appId}`];
  if (query.q) where.push(sql`u.email ilike ${likeOf(query.q)}`);
  if (cursor) where.push(sql`(u.created_at, u.id) < (${cursor.at}::timestamptz, ${cursor.id})`);
  const result = await platform.db.execute(sql`
    select u.id, u.email, u.app_role as role,
      to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
      u.email_verified_at is not null as verified, u.disabled_at is not null as disabled,
      s.state, s.sale_id, s.subscription_id, s.paid_until, s.updated_at as renewed_at
    from users u
    left join lateral (
      select ps.state, ps.sale_id, ps.subscription_id, ps.paid_until, ps.updated_at
      from payment_sales ps
      where ps.scope = u.tenant_id
        and (ps.user_id = u.id or (u.email_verified_at is not null and lower(ps.email) = lower(u.email)))
      order by (ps.state = 'alive') desc, ps.updated_at desc
      limit 1
    ) s on true
    where ${sql.join(where, sql` and `)}
    order by u.created_at desc, u.id desc
    limit ${PAGE_SIZE + 1}
  `);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const more = rows.length > PAGE_SIZE;
  const page = more ? rows.slice(0, PAGE_SIZE) : rows;
  const last = page.at(-1);
  return {
    items: page.map((r): AppUserEntry => ({
      id: r.id,
      email: r.email,
      createdAt: new Date(r.created_at).toISOString(),
      verified: Boolean(r.verified),
      role: r.role === 'admin' ? 'admin' : 'user',
      disabled: Boolean(r.disabled),
      membership: r.state
        ? {
            state: r.state,
            saleId: r.sale_id,
            subscriptionId: r.subscription_id,
            paidUntil: iso(r.paid_until),
            renewedAt: iso(r.renewed_at),
          }
        : null,
    })),
    nextCursor:
      more && last ? Buffer.from(`${last.created_at}|${last.id}`, 'utf8').toString('base64url') : null,
  };
}
