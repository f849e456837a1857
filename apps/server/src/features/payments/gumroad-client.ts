import type { GumroadResource } from '@buildai/domain';

/**
 * Gumroad's REST API v2 (https://gumroad.com/api), the calls the product makes, on `fetch` with a timeout. Every
 * answer of Gumroad carries `success`; a failure has `message`. Errors are `GumroadError` with the HTTP status
 * (0 when Gumroad could not be reached) so callers tell "not found" (404) and "bad token" (401) from an outage.
 */
export class GumroadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GumroadError';
  }
  get isNotFound(): boolean {
    return this.status === 404;
  }
}

/** A product as `/v2/products` answers it (the fields the product reads). */
export interface GumroadProduct {
  id: string;
  name: string;
  short_url?: string | null;
  url?: string | null;
  price: number;
  currency?: string;
  published?: boolean;
  deleted?: boolean;
  is_tiered_membership?: boolean;
  subscription_duration?: string | null;
  recurrences?: string[] | null;
  variants?: {
    options?: { recurrence_prices?: Record<string, { price_cents?: number | null }> | null }[];
  }[];
}

/** A sale as `/v2/sales/:id` answers it (the fields the product reads). */
export interface GumroadSale {
  id: string;
  email: string;
  product_id: string;
  seller_id?: string;
  created_at?: string;
  refunded?: boolean;
  chargedback?: boolean;
  subscription_id?: string | null;
  cancelled?: boolean;
  ended?: boolean;
}

/** A subscriber as `/v2/subscribers/:id` answers it. */
export interface GumroadSubscriber {
  id: string;
  product_id: string;
  user_email?: string | null;
  purchase_ids?: string[];
  status?: string;
  user_requested_cancellation_at?: string | null;
  cancelled_at?: string | null;
  ended_at?: string | null;
  failed_at?: string | null;
}

export interface GumroadResourceSubscription {
  id: string;
  resource_name: string;
  post_url: string;
}

const TIMEOUT_MS = 10_000;

export class GumroadClient {
  constructor(
    private readonly baseUrl: string,
    private readonly accessToken: string,
  ) {}

  async listProducts(): Promise<GumroadProduct[]> {
    return (await this.call<{ products: GumroadProduct[] }>('GET', '/v2/products')).products;
  }

  async getProduct(id: string): Promise<GumroadProduct> {
    return (await this.call<{ product: GumroadProduct }>('GET', `/v2/products/${encodeURIComponent(id)}`))
      .product;
  }

  async getSale(id: string): Promise<GumroadSale> {
    return (await this.call<{ sale: GumroadSale }>('GET', `/v2/sales/${encodeURIComponent(id)}`)).sale;
  }

  async getSubscriber(id: string): Promise<GumroadSubscriber> {
    const answer = await this.call<{ subscriber?: GumroadSubscriber; subscribers?: GumroadSubscriber }>(
      'GET',
      `/v2/subscribers/${encodeURIComponent(id)}`,
    );
    // Gumroad's documentation names the key both ways
    const subscriber = answer.subscriber ?? answer.subscribers;
    if (!subscriber) throw new GumroadError(502, 'Gumroad answered without the subscriber');
    return subscriber;
  }

  async listResourceSubscriptions(resourceName: GumroadResource): Promise<GumroadResourceSubscription[]> {
    const query = new URLSearchParams({ resource_name: resourceName });
    return (
      await this.call<{ resource_subscriptions: GumroadResourceSubscription[] }>(
        'GET',
        `/v2/resource_subscriptions?${query}`,
      )
    ).resource_subscriptions;
  }

  async subscribe(resourceName: GumroadResource, postUrl: string): Promise<GumroadResourceSubscription> {
    return (
      await this.call<{ resource_subscription: GumroadResourceSubscription }>(
        'PUT',
        '/v2/resource_subscriptions',
        { resource_name: resourceName, post_url: postUrl },
      )
    ).resource_subscription;
  }

  async unsubscribe(id: string): Promise<void> {
    await this.call('DELETE', `/v2/resource_subscriptions/${encodeURIComponent(id)}`);
  }

  private async call<T>(method: string, path: string, form?: Record<string, string>): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl.replace(/\/+$/, '')}${path}`, {
        method,
        // the token in a header rather than the query string, which proxies and logs keep
        headers: {
          authorization: `Bearer ${this.accessToken}`,
          accept: 'application/json',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new GumroadError(0, `Gumroad could not be reached: ${(err as Error).message}`);
    }
    const text = await response.text();
    let body: { success?: boolean; message?: string } | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = undefined;
    }
    if (!response.ok || body?.success !== true) {
      const status = response.ok ? 502 : response.status;
      throw new GumroadError(status, body?.message ?? `Gumroad answered ${response.status}`);
    }
    return body as T;
  }
}
