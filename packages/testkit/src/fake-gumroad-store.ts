// The fake Gumroad's state (sellers, products, sales, subscriptions, resource subscriptions and pings) and the JSON
// shapes Gumroad's API v2 answers with (https://gumroad.com/api): `product`, `sale`, `subscriber`,
// `resource_subscription`. Pings are the form fields Gumroad posts to a resource subscription's `post_url`.
import { randomBytes, randomUUID } from 'node:crypto';

/** What Gumroad's resource subscriptions can be registered for (the fake pings these four). */
export const FAKE_GUMROAD_RESOURCES = ['sale', 'refund', 'cancellation', 'subscription_ended'] as const;

export interface FakeGumroadSeller {
  id: string;
  email: string;
  name: string;
}

export interface FakeGumroadProductInput {
  /** the seller's access token (or `sellerId`) */
  token?: string;
  sellerId?: string;
  id?: string;
  name: string;
  /** cents of the default option (monthly for a membership) */
  price: number;
  currency?: string;
  /** a membership (tiered, recurring) rather than a one-time product */
  membership?: boolean;
  /** cents of the yearly option of a membership */
  yearlyPrice?: number;
  /** where the checkout sends the buyer after paying (`?sale_id=` is appended) */
  redirectUrl?: string;
}

export interface FakeGumroadProduct {
  id: string;
  sellerId: string;
  name: string;
  price: number;
  currency: string;
  membership: boolean;
  yearlyPrice: number | null;
  redirectUrl: string | null;
}

export interface FakeGumroadSale {
  id: string;
  productId: string;
  sellerId: string;
  email: string;
  price: number;
  recurrence: string | null;
  subscriptionId: string | null;
  createdAt: string;
  refunded: boolean;
}

export interface FakeGumroadSubscription {
  id: string;
  productId: string;
  saleIds: string[];
  email: string;
  recurrence: string;
  createdAt: string;
  /** when the buyer asked to cancel */
  userRequestedCancellationAt: string | null;
  /** when the subscription stops (for a pending cancellation: the end of the paid period, in the future) */
  cancelledAt: string | null;
  endedAt: string | null;
}

export interface FakeGumroadResourceSubscription {
  id: string;
  sellerId: string;
  resource_name: string;
  post_url: string;
}

export interface FakeGumroadDelivery {
  postUrl: string;
  /** the HTTP status the receiver answered, or 0 when it could not be reached */
  status: number;
  error?: string;
  at: string;
}

/** One ping as Gumroad builds it: a resource name and form fields, delivered to every matching subscription. */
export interface FakeGumroadPing {
  id: string;
  sellerId: string;
  resourceName: string;
  body: Record<string, string>;
  deliveries: FakeGumroadDelivery[];
}

const PERIOD_DAYS: Record<string, number> = { monthly: 30, quarterly: 91, biannually: 182, yearly: 365 };

/** Gumroad's ids are url-safe base64 strings ending in `==`. */
export function gumroadId(): string {
  return `${randomBytes(16).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').slice(0, 22)}==`;
}

export class FakeGumroadStore {
  sellers = new Map<string, FakeGumroadSeller>();
  /** access token → seller id */
  tokens = new Map<string, string>();
  products = new Map<string, FakeGumroadProduct>();
  sales = new Map<string, FakeGumroadSale>();
  subscriptions = new Map<string, FakeGumroadSubscription>();
  resourceSubscriptions = new Map<string, FakeGumroadResourceSubscription>();
  pings: FakeGumroadPing[] = [];

  constructor(private readonly baseUrl: () => string) {}

  reset(): void {
    this.sellers.clear();
    this.tokens.clear();
    this.products.clear();
    this.sales.clear();
    this.subscriptions.clear();
    this.resourceSubscriptions.clear();
    this.pings = [];
  }

  createSeller(input: { email?: string; name?: string; token?: string } = {}) {
    const id = String(Math.floor(1e12 + Math.random() * 9e12));
    const seller = {
      id,
      email: input.email ?? `seller-${id}@example.com`,
      name: input.name ?? 'Fake seller',
    };
    this.sellers.set(id, seller);
    const token = input.token ?? randomBytes(24).toString('hex');
    this.tokens.set(token, id);
    return { sellerId: id, token };
  }

  sellerOf(input: { token?: string; sellerId?: string }): string {
    const id = input.sellerId ?? (input.token ? this.tokens.get(input.token) : undefined);
    if (!id || !this.sellers.has(id)) throw new Error('unknown seller (give a known token or sellerId)');
    return id;
  }

  addProduct(input: FakeGumroadProductInput): FakeGumroadProduct {
    const product: FakeGumroadProduct = {
      id: input.id ?? gumroadId(),
      sellerId: this.sellerOf(input),
      name: input.name,
      price: input.price,
      currency: input.currency ?? 'usd',
      membership: input.membership ?? false,
      yearlyPrice: input.yearlyPrice ?? null,
      redirectUrl: input.redirectUrl ?? null,
    };
    this.products.set(product.id, product);
    return product;
  }

  product(id: string): FakeGumroadProduct {
    const product = this.products.get(id);
    if (!product) throw new Error(`unknown product ${id}`);
    return product;
  }

  sale(id: string): FakeGumroadSale {
    const sale = this.sales.get(id);
    if (!sale) throw new Error(`unknown sale ${id}`);
    return sale;
  }

  subscriptionOfSale(saleId: string): FakeGumroadSubscription {
    const sale = this.sale(saleId);
    const subscription = sale.subscriptionId ? this.subscriptions.get(sale.subscriptionId) : undefined;
    if (!subscription) throw new Error(`sale ${saleId} is not a membership`);
    return subscription;
  }

  makeSale(input: { productId: string; email: string; recurrence?: string }): FakeGumroadSale {
    const product = this.product(input.productId);
    const recurrence = product.membership ? (input.recurrence ?? 'monthly') : null;
    const now = new Date().toISOString();
    const sale: FakeGumroadSale = {
      id: gumroadId(),
      productId: product.id,
      sellerId: product.sellerId,
      email: input.email,
      price: recurrence === 'yearly' && product.yearlyPrice !== null ? product.yearlyPrice : product.price,
      recurrence,
      subscriptionId: null,
      createdAt: now,
      refunded: false,
    };
    if (recurrence) {
      const subscription: FakeGumroadSubscription = {
        id: gumroadId(),
        productId: product.id,
        saleIds: [sale.id],
        email: input.email,
        recurrence,
        createdAt: now,
        userRequestedCancellationAt: null,
        cancelledAt: null,
        endedAt: null,
      };
      this.subscriptions.set(subscription.id, subscription);
      sale.subscriptionId = subscription.id;
    }
    this.sales.set(sale.id, sale);
    return sale;
  }

  /** The buyer cancels: the subscription runs to the end of its paid period (`paidUntil`, default one period). */
  cancel(saleId: string, paidUntil?: string): FakeGumroadSubscription {
    const subscription = this.subscriptionOfSale(saleId);
    const days = PERIOD_DAYS[subscription.recurrence] ?? 30;
    subscription.userRequestedCancellationAt = new Date().toISOString();
    subscription.cancelledAt =
      paidUntil ?? new Date(Date.parse(subscription.createdAt) + days * 86_400_000).toISOString();
    return subscription;
  }

  end(saleId: string): FakeGumroadSubscription {
    const subscription = this.subscriptionOfSale(saleId);
    const now = new Date().toISOString();
    subscription.endedAt = now;
    subscription.cancelledAt ??= now;
    return subscription;
  }

  // ---- Gumroad's JSON -------------------------------------------------------------------------------------------

  productJson(p: FakeGumroadProduct): Record<string, unknown> {
    const shortUrl = `${this.baseUrl()}/l/${encodeURIComponent(p.id)}`;
    const recurrences = p.membership ? (p.yearlyPrice === null ? ['monthly'] : ['monthly', 'yearly']) : null;
    const recurrencePrices = p.membership
      ? Object.fromEntries(
          (recurrences ?? []).map((r) => [
            r,
            { price_cents: r === 'yearly' ? p.yearlyPrice : p.price, suggested_price_cents: null },
          ]),
        )
      : null;
    const sales = [...this.sales.values()].filter((s) => s.productId === p.id);
    return {
      id: p.id,
      name: p.name,
      description: '',
      custom_permalink: null,
      custom_receipt: null,
      custom_summary: null,
      customizable_price: false,
      deleted: false,
      max_purchase_count: null,
      preview_url: null,
      require_shipping: false,
      published: true,
      url: null,
      short_url: shortUrl,
      thumbnail_url: null,
      tags: [],
      price: p.price,
      currency: p.currency,
      formatted_price: `$${(p.price / 100).toFixed(2)}${p.membership ? ' a month' : ''}`,
      subscription_duration: p.membership ? 'monthly' : null,
      is_tiered_membership: p.membership,
      recurrences,
      variants: p.membership
        ? [
            {
              title: 'Tier',
              options: [
                {
                  name: p.name,
                  price_difference: 0,
                  is_pay_what_you_want: false,
                  recurrence_prices: recurrencePrices,
                },
              ],
            },
          ]
        : [],
      file_info: {},
      sales_count: sales.length,
      sales_usd_cents: sales.reduce((sum, s) => sum + (s.refunded ? 0 : s.price), 0),
    };
  }

  saleJson(s: FakeGumroadSale): Record<string, unknown> {
    const product = this.product(s.productId);
    const subscription = s.subscriptionId ? this.subscriptions.get(s.subscriptionId) : undefined;
    return {
      id: s.id,
      email: s.email,
      purchase_email: s.email,
      seller_id: s.sellerId,
      timestamp: s.createdAt,
      daystamp: s.createdAt.slice(0, 10),
      created_at: s.createdAt,
      product_id: s.productId,
      product_name: product.name,
      product_permalink: `${this.baseUrl()}/l/${encodeURIComponent(product.id)}`,
      product_has_variants: product.membership,
      price: s.price,
      gumroad_fee: Math.round(s.price * 0.1),
      currency_symbol: '$',
      formatted_display_price: `$${(s.price / 100).toFixed(2)}`,
      formatted_total_price: `$${(s.price / 100).toFixed(2)}`,
      paid: true,
      quantity: 1,
      order_id: Number.parseInt(s.id.replace(/\D/g, '').slice(0, 9) || '1', 10),
      refunded: s.refunded,
      partially_refunded: false,
      chargedback: false,
      disputed: false,
      dispute_won: false,
      subscription_id: s.subscriptionId,
      is_recurring_billing: s.subscriptionId !== null,
      recurrence: s.recurrence,
      cancelled: Boolean(subscription?.cancelledAt),
      ended: Boolean(subscription?.endedAt),
      recurring_charge: false,
      variants: {},
      custom_fields: [],
      license_key: null,
    };
  }

  subscriberJson(sub: FakeGumroadSubscription): Record<string, unknown> {
    const product = this.product(sub.productId);
    const now = Date.now();
    const status = sub.endedAt
      ? 'cancelled'
      : sub.cancelledAt && Date.parse(sub.cancelledAt) > now
        ? 'pending_cancellation'
        : sub.cancelledAt
          ? 'cancelled'
          : 'alive';
    return {
      id: sub.id,
      product_id: sub.productId,
      product_name: product.name,
      user_id: null,
      user_email: sub.email,
      purchase_ids: sub.saleIds,
      created_at: sub.createdAt,
      user_requested_cancellation_at: sub.userRequestedCancellationAt,
      charge_occurrence_count: null,
      recurrence: sub.recurrence,
      cancelled_at: sub.cancelledAt,
      ended_at: sub.endedAt,
      failed_at: null,
      free_trial_ends_at: null,
      license_key: null,
      status,
    };
  }

  // ---- pings (the form fields Gumroad posts) ---------------------------------------------------------------------

  /** The `sale` or `refund` ping of a sale, as things stand now. */
  salePing(resourceName: 'sale' | 'refund', s: FakeGumroadSale): FakeGumroadPing {
    const product = this.product(s.productId);
    const body: Record<string, string> = {
      seller_id: s.sellerId,
      product_id: s.productId,
      product_name: product.name,
      permalink: product.id,
      product_permalink: `${this.baseUrl()}/l/${encodeURIComponent(product.id)}`,
      short_product_id: product.id.slice(0, 6),
      email: s.email,
      price: String(s.price),
      gumroad_fee: String(Math.round(s.price * 0.1)),
      currency: product.currency,
      quantity: '1',
      discover_fee_charged: 'false',
      can_contact: 'true',
      referrer: 'direct',
      order_number: String(Date.parse(s.createdAt) % 1e9),
      sale_id: s.id,
      sale_timestamp: s.createdAt,
      purchaser_id: '',
      test: 'false',
      ip_country: 'United States',
      is_gift_receiver_purchase: 'false',
      refunded: String(s.refunded),
      disputed: 'false',
      dispute_won: 'false',
      resource_name: resourceName,
    };
    if (s.subscriptionId) {
      body.subscription_id = s.subscriptionId;
      body.recurrence = s.recurrence ?? '';
      body.is_recurring_charge = 'false';
    }
    return this.storePing(s.sellerId, resourceName, body);
  }

  /** The `cancellation` or `subscription_ended` ping of a subscription. */
  subscriptionPing(
    resourceName: 'cancellation' | 'subscription_ended',
    sub: FakeGumroadSubscription,
  ): FakeGumroadPing {
    const product = this.product(sub.productId);
    const body: Record<string, string> = {
      subscription_id: sub.id,
      product_id: sub.productId,
      product_name: product.name,
      user_id: '',
      user_email: sub.email,
      created_at: sub.createdAt,
      charge_occurrence_count: '',
      recurrence: sub.recurrence,
      free_trial_ends_at: '',
      resource_name: resourceName,
    };
    sub.saleIds.forEach((id, i) => (body[`purchase_ids[${i}]`] = id));
    if (resourceName === 'cancellation') {
      body.cancelled = 'true';
      body.cancelled_at = sub.cancelledAt ?? '';
      body.cancelled_by_buyer = 'true';
    } else {
      body.ended_at = sub.endedAt ?? '';
      body.ended_reason = 'cancelled';
    }
    return this.storePing(this.product(sub.productId).sellerId, resourceName, body);
  }

  private storePing(sellerId: string, resourceName: string, body: Record<string, string>): FakeGumroadPing {
    const ping = { id: randomUUID(), sellerId, resourceName, body, deliveries: [] };
    this.pings.push(ping);
    return ping;
  }

  subscriptionsFor(sellerId: string, resourceName: string): FakeGumroadResourceSubscription[] {
    return [...this.resourceSubscriptions.values()].filter(
      (r) => r.sellerId === sellerId && r.resource_name === resourceName,
    );
  }
}
