// Client of the fake Gumroad's control API, for tests whose fake runs in another process (e2e).
import { controlClient } from './control-client';
import type { FakeGumroadRecord } from './fake-gumroad';
import type {
  FakeGumroadPing,
  FakeGumroadProductInput,
  FakeGumroadResourceSubscription,
} from './fake-gumroad-store';

/** A product as Gumroad's `/v2/products` answers it (the fields tests read). */
export interface FakeGumroadProductJson {
  id: string;
  name: string;
  short_url: string;
  price: number;
  currency: string;
  is_tiered_membership: boolean;
  recurrences: string[] | null;
  [key: string]: unknown;
}
/** A sale as Gumroad's `/v2/sales/:id` answers it (the fields tests read). */
export interface FakeGumroadSaleJson {
  id: string;
  email: string;
  product_id: string;
  subscription_id: string | null;
  refunded: boolean;
  [key: string]: unknown;
}

export interface FakeGumroadControl {
  readonly url: string;
  createSeller(input?: {
    email?: string;
    name?: string;
    token?: string;
  }): Promise<{ sellerId: string; token: string }>;
  addToken(sellerId: string, token?: string): Promise<string>;
  revokeToken(token: string): Promise<void>;
  addProduct(input: FakeGumroadProductInput): Promise<FakeGumroadProductJson>;
  setRedirectUrl(productId: string, url: string | null): Promise<void>;
  /** `ping: false` keeps the pings (see `pings()` and `sendPing`) instead of delivering them now. */
  makeSale(input: {
    productId: string;
    email: string;
    recurrence?: string;
    ping?: boolean;
  }): Promise<FakeGumroadSaleJson>;
  refund(saleId: string, opts?: { ping?: boolean }): Promise<FakeGumroadSaleJson>;
  cancel(saleId: string, opts?: { paidUntil?: string; ping?: boolean }): Promise<Record<string, unknown>>;
  endSubscription(saleId: string, opts?: { ping?: boolean }): Promise<Record<string, unknown>>;
  sendPing(pingId: string): Promise<FakeGumroadPing>;
  pings(): Promise<FakeGumroadPing[]>;
  requests(): Promise<FakeGumroadRecord[]>;
  resourceSubscriptions(): Promise<FakeGumroadResourceSubscription[]>;
  failNext(count: number): Promise<void>;
  reset(): Promise<void>;
}

/** Takes the fake's URL (`http://127.0.0.1:PORT`). */
export function fakeGumroadControl(url: string): FakeGumroadControl {
  const origin = url.replace(/\/+$/, '');
  const call = controlClient(origin, 'Fake Gumroad');
  const enc = encodeURIComponent;
  return {
    url: origin,
    createSeller: async (input = {}) =>
      (await call('POST', 'sellers', input)) as { sellerId: string; token: string },
    addToken: async (sellerId, token) =>
      ((await call('POST', 'tokens', { sellerId, token })) as { token: string }).token,
    revokeToken: async (token) => void (await call('POST', 'tokens/revoke', { token })),
    addProduct: async (input) => (await call('POST', 'products', input)) as FakeGumroadProductJson,
    setRedirectUrl: async (productId, redirectUrl) =>
      void (await call('POST', `products/${enc(productId)}/redirect`, { url: redirectUrl })),
    makeSale: async (input) => (await call('POST', 'sales', input)) as FakeGumroadSaleJson,
    refund: async (saleId, opts = {}) =>
      (await call('POST', `sales/${enc(saleId)}/refund`, opts)) as FakeGumroadSaleJson,
    cancel: async (saleId, opts = {}) =>
      (await call('POST', `sales/${enc(saleId)}/cancel`, opts)) as Record<string, unknown>,
    endSubscription: async (saleId, opts = {}) =>
      (await call('POST', `sales/${enc(saleId)}/end`, opts)) as Record<string, unknown>,
    sendPing: async (pingId) => (await call('POST', `pings/${enc(pingId)}/send`)) as FakeGumroadPing,
    pings: async () => (await call('GET', 'pings')) as FakeGumroadPing[],
    requests: async () => (await call('GET', 'requests')) as FakeGumroadRecord[],
    resourceSubscriptions: async () =>
      (await call('GET', 'resource-subscriptions')) as FakeGumroadResourceSubscription[],
    failNext: async (count) => void (await call('POST', 'fail-next', { count })),
    reset: async () => void (await call('POST', 'reset')),
  };
}
