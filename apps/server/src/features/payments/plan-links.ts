import { eq } from 'drizzle-orm';
import { PLATFORM_TENANT_ID, type PlanCard } from '@buildai/domain';
import { accounts } from '../../db/schema';
import type { PlanLinks } from '../plans';
import type { PaymentServices } from './services';

/** Statuses whose subscription the builder still manages (a cancelled one runs to the end of its period). */
const MANAGEABLE = new Set(['alive', 'cancelled']);

/** Gumroad's page where a buyer manages a subscription (cancel, card): on the web site, not the API host. */
export function manageLinkOf(apiUrl: string, subscriptionId: string): string {
  const base = new URL(apiUrl);
  if (base.hostname === 'api.gumroad.com') base.hostname = 'app.gumroad.com';
  return `${base.origin}/subscriptions/${encodeURIComponent(subscriptionId)}/manage`;
}

/**
 * GET /api/live_api/app/paidPlans for builders: a card naming a `gumroadProductId` links to that product's Gumroad
 * page (the operator's products, read with GUMROAD_ACCESS_TOKEN and kept briefly), and the card of a builder's live
 * subscription carries its manage link. Without GUMROAD_ACCESS_TOKEN, or when Gumroad cannot be read, the cards
 * keep their configured links.
 */
export function planLinks(services: PaymentServices): PlanLinks {
  return async ({ platform, caller, plans }) => {
    if (!services.operatorProducts.configured || !plans.some((p) => p.gumroadProductId)) return [...plans];
    let products: Awaited<ReturnType<typeof services.operatorProducts.byId>>;
    try {
      products = await services.operatorProducts.byId();
    } catch (err) {
      platform.logger.warn({ err }, "payments: the operator's Gumroad products could not be read");
      return [...plans];
    }
    const [account] =
      caller?.tenantId === PLATFORM_TENANT_ID
        ? await platform.db
            .select({
              plan: accounts.plan,
              status: accounts.planSubscriptionStatus,
              subscriptionId: accounts.subscriptionId,
            })
            .from(accounts)
            .where(eq(accounts.userId, caller.userId))
        : [];
    return plans.map((card): PlanCard => {
      const product = card.gumroadProductId ? products.get(card.gumroadProductId) : undefined;
      if (!product) return card;
      const link = product.short_url ?? product.url ?? card.link;
      const subscribed =
        account?.plan === card.id && account.subscriptionId && MANAGEABLE.has(account.status ?? '');
      return {
        ...card,
        link,
        subscriptionLink: subscribed
          ? manageLinkOf(platform.config.GUMROAD_API_URL, account.subscriptionId!)
          : card.subscriptionLink,
      };
    });
  };
}
