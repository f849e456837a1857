import type { PaymentProduct, PlanCard } from '@buildai/domain';

type Json = Record<string, unknown>;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const obj = (v: unknown): Json | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;

/** The cents of one recurrence of a tiered membership's first tier (`variants[0].options[0].recurrence_prices`). */
function tierCents(product: Json, recurrence: 'monthly' | 'yearly'): number | null {
  const variants = Array.isArray(product.variants) ? product.variants : [];
  const options = obj(variants[0])?.options;
  const first = Array.isArray(options) ? obj(options[0]) : null;
  return num(obj(obj(first?.recurrence_prices)?.[recurrence])?.price_cents);
}

/**
 * The product as stored on connect: the settings panel's `PaymentProduct`, or Gumroad's own `/v2/products` entry
 * (`price`, `short_url`, a tiered membership's `recurrence_prices`). Either is read; prices stay in cents.
 */
export function readProduct(raw: Json | null, fallback: { id: string; name: string; url: string | null }) {
  const p = raw ?? {};
  const isSubscription =
    typeof p.isSubscription === 'boolean'
      ? p.isSubscription
      : p.is_tiered_membership === true || str(p.subscription_duration) !== null;
  const product: PaymentProduct = {
    id: str(p.id) ?? fallback.id,
    name: str(p.name) ?? fallback.name,
    url: fallback.url ?? str(p.url) ?? str(p.short_url) ?? '',
    priceCents: num(p.priceCents) ?? tierCents(p, 'monthly') ?? num(p.price) ?? 0,
    yearlyPriceCents: num(p.yearlyPriceCents) ?? tierCents(p, 'yearly'),
    isSubscription,
    currency: str(p.currency) ?? 'usd',
  };
  return product;
}

/** The single plan of spec 000 §2 for an app's product: dollars, a yearly price when offered, its Gumroad page. */
export function planCardOf(product: PaymentProduct, description = ''): PlanCard {
  return {
    id: product.id,
    name: product.name,
    price: product.priceCents / 100,
    priceYearly: product.isSubscription && product.yearlyPriceCents ? product.yearlyPriceCents / 100 : null,
    oneTimePayment: !product.isSubscription,
    description,
    ...(product.url ? { link: product.url } : {}),
    gumroadProductId: product.id,
  };
}
