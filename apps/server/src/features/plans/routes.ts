import { eq } from 'drizzle-orm';
import { OpenAPIHono } from '@hono/zod-openapi';
import {
  AppError,
  PLATFORM_TENANT_ID,
  adminSetPlanRequest,
  accountSchema,
  paidPlansResponse,
} from '@buildai/domain';
import { accounts } from '../../db/schema';
import { requireCaller, type AppEnv, type Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { optionalAppQuery } from '../../http/params';
import { route } from '../../http/validation';
import { getCurrentAccount, isAdminAccount, requireAccount } from '../accounts';
import { accessSubject, resolveTenant, findUser, normaliseEmail } from '../identity';
import type { PlanCard } from '@buildai/domain';
import { findPlan } from './plans';

/**
 * The purchase and manage links of the builder plans, filled in per request by the payments feature (handed in by
 * app.ts): a card's `link` from its Gumroad product, and `subscriptionLink` for the caller's live subscription.
 */
export type PlanLinks = (input: {
  platform: Platform;
  caller: Caller | null;
  plans: readonly PlanCard[];
}) => Promise<PlanCard[]>;

/** `GET /api/live_api/app/paidPlans?appId=`: builder plans, or an app's membership plans. */
export function paidPlanRoutes(plans: readonly PlanCard[], planLinks?: PlanLinks) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'get',
      path: '/paidPlans',
      response: paidPlansResponse,
      summary: "Builder plans, or an app's memberships",
      query: optionalAppQuery,
    },
    async (c, { query }) => {
      const platform = c.get('platform');
      const tenant = await resolveTenant(platform, query.appId);
      // An app's own paid memberships come with its payment settings; until then it has none.
      if (tenant.appId) return c.json([]);
      return c.json(planLinks ? await planLinks({ platform, caller: c.get('caller'), plans }) : plans);
    },
  );
  return r;
}

/** `/api/admin/*`: admins only (ADMIN_EMAILS), checked on every call. */
export function adminRoutes(plans: readonly PlanCard[]) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/accounts/plan',
      response: accountSchema,
      summary: "Sets a builder's plan (admins)",
      body: adminSetPlanRequest,
    },
    async (c, { body: readBody }) => {
      const platform = c.get('platform');
      const caller = requireCaller(c);
      if (caller.tenantId !== PLATFORM_TENANT_ID) throw new AppError('auth/forbidden');
      const admin = await requireAccount(platform, caller);
      if (!isAdminAccount(platform, admin, caller.email)) throw new AppError('auth/forbidden');
      const body = await readBody();
      const plan = findPlan(plans, body.plan);
      if (!plan) throw new AppError('plan/unknown', { field: 'plan' });
      const email = normaliseEmail(body.email);
      const user = email ? await findUser(platform, PLATFORM_TENANT_ID, email) : null;
      if (!user) throw new AppError('account/not-found', { field: 'email' });
      const updated = await platform.db
        .update(accounts)
        .set({ plan: plan.id })
        .where(eq(accounts.userId, user.id))
        .returning({ accountId: accounts.accountId });
      if (updated.length === 0) throw new AppError('account/not-found', { field: 'email' });
      platform.logger.info({ by: caller.email, email: user.email, plan: plan.id }, 'plan set by an admin');
      return c.json(await getCurrentAccount(platform, accessSubject(user)));
    },
  );
  return r;
}
