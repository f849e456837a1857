import type { PlanCard } from '@buildai/domain';
import type { Platform } from '../../platform';
import type { SigningKey } from '../identity';
import { GumroadClient, type GumroadProduct } from './gumroad-client';

/** How long the operator's product list (the plan cards' purchase links) is reused. */
const OPERATOR_PRODUCTS_TTL_MS = 5 * 60_000;

/**
 * The operator's own Gumroad products (GUMROAD_ACCESS_TOKEN), read for the plan cards' links and kept briefly:
 * every builder's plan dialog asks for them. A failed read is not kept, so the next request tries again.
 */
export class OperatorProducts {
  private cached?: { at: number; products: Promise<Map<string, GumroadProduct>> };

  constructor(private readonly platform: Platform) {}

  get configured(): boolean {
    return Boolean(this.platform.config.GUMROAD_ACCESS_TOKEN);
  }

  async byId(): Promise<Map<string, GumroadProduct>> {
    const token = this.platform.config.GUMROAD_ACCESS_TOKEN;
    if (!token) return new Map();
    if (this.cached && Date.now() - this.cached.at < OPERATOR_PRODUCTS_TTL_MS) return this.cached.products;
    const products = gumroadClient(this.platform, token)
      .listProducts()
      .then((list) => new Map(list.map((p) => [p.id, p])));
    this.cached = { at: Date.now(), products };
    products.catch(() => (this.cached = undefined));
    return products;
  }
}

/** The payments feature's state of one server (decision 0005, "Services instead of module state"). */
export interface PaymentServices {
  /** seals the sellers' Gumroad tokens (identity's secret box) */
  signingKey: SigningKey;
  /** the builder plans: a card's `gumroadProductId` is the product that buys it */
  plans: readonly PlanCard[];
  operatorProducts: OperatorProducts;
}

export function createPaymentServices(
  platform: Platform,
  signingKey: SigningKey,
  plans: readonly PlanCard[],
): PaymentServices {
  return { signingKey, plans, operatorProducts: new OperatorProducts(platform) };
}

export function gumroadClient(platform: Platform, accessToken: string): GumroadClient {
  return new GumroadClient(platform.config.GUMROAD_API_URL, accessToken);
}

/** The plan a Gumroad product buys, by the cards' `gumroadProductId`. */
export function planOfProduct(plans: readonly PlanCard[], productId: string): PlanCard | undefined {
  return plans.find((p) => p.gumroadProductId === productId);
}
