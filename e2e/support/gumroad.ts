import { fakeGumroadControl } from '../../packages/testkit/src/fake-gumroad-control';
import { GUMROAD_OPERATOR_TOKEN, GUMROAD_URL } from './env';

/**
 * The fake Gumroad of the e2e servers (packages/testkit, started by playwright.config.ts): a test plays the seller
 * through its control API as a seller uses Gumroad's dashboard (a token, products, the redirect after purchase) and
 * as Gumroad itself (a sale, a refund, a cancellation, the end of a subscription, each pinging the registered
 * resource subscriptions). Its state is shared by every spec: create your own seller, never reset it.
 */
export const gumroad = fakeGumroadControl(GUMROAD_URL);

/** The operator's products in the fake (fixtures/gumroad-operator-products.json), named by the plans' cards. */
export const OPERATOR_PRODUCTS = { explorer: 'e2e-explorer', monetizer: 'e2e-monetizer' } as const;
export { GUMROAD_OPERATOR_TOKEN, GUMROAD_URL };

/** A new seller (a builder's own Gumroad account) with one membership product; answers its token and product. */
export async function newSeller(product: { name?: string; price?: number; yearlyPrice?: number } = {}) {
  const seller = await gumroad.createSeller();
  const created = await gumroad.addProduct({
    token: seller.token,
    name: product.name ?? 'Pro membership',
    price: product.price ?? 900,
    yearlyPrice: product.yearlyPrice ?? 9000,
    membership: true,
  });
  return { ...seller, product: created };
}

/** The checkout page of a product (`short_url`), where a buyer types an email and clicks "Pay". */
export const checkoutUrl = (productId: string) => `${GUMROAD_URL}/l/${encodeURIComponent(productId)}`;

/** Sets where the checkout sends the buyer after paying (`?sale_id=` is appended), as a seller does in Gumroad. */
export const setRedirectUrl = (productId: string, url: string) => gumroad.setRedirectUrl(productId, url);

/** A sale made as if the buyer paid (pings sent unless `ping: false`). */
export const makeSale = (
  productId: string,
  email: string,
  opts: { recurrence?: string; ping?: boolean } = {},
) => gumroad.makeSale({ productId, email, ...opts });
export const refundSale = (saleId: string) => gumroad.refund(saleId);
export const cancelSubscription = (saleId: string, paidUntil?: string) =>
  gumroad.cancel(saleId, { paidUntil });
export const endSubscription = (saleId: string) => gumroad.endSubscription(saleId);
/** API calls the fake received (`/v2/...`), oldest first. */
export const receivedCalls = () => gumroad.requests();
export const resourceSubscriptions = () => gumroad.resourceSubscriptions();
/** The buyer's manage page of a subscription at the fake (what a builder's `subscriptionLink` opens). */
export const manageUrl = (subscriptionId: string) =>
  `${GUMROAD_URL}/subscriptions/${encodeURIComponent(subscriptionId)}/manage`;
