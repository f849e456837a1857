import { z } from 'zod';

/** A plan card (spec 000 §3), plus the subscription management link used when a subscription exists. */
export const planCardSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  /** null or 0 shows 'Free' */
  price: z.number().nonnegative().nullable(),
  priceYearly: z.number().nonnegative().nullable().optional(),
  /** spelled as in the spec */
  discuountedPrice: z.number().nonnegative().nullable().optional(),
  oneTimePayment: z.boolean().optional(),
  description: z.string().default(''),
  isMostPopular: z.boolean().optional(),
  buttonText: z.string().optional(),
  /** payment link */
  link: z.string().optional(),
  /** where an existing subscription is managed */
  subscriptionLink: z.string().optional(),
  /** the Gumroad product whose purchase gives this plan (issue "End users and money") */
  gumroadProductId: z.string().optional(),
  /** a card that cannot be chosen */
  disabled: z.boolean().optional(),
});
export type PlanCard = z.infer<typeof planCardSchema>;
export const planListSchema = z.array(planCardSchema).min(1);

/** Builder plan names (spec 000 §1, spec 001): lite is the default. */
export const BUILDER_PLAN_IDS = ['lite', 'explorer', 'monetizer', 'discover', 'moon'] as const;
export const DEFAULT_BUILDER_PLAN = 'lite';

/** After a purchase the account is polled every 4 s up to 15 times (spec 001 §9). */
export const PURCHASE_POLL_INTERVAL_MS = 4000;
export const PURCHASE_POLL_MAX_TRIES = 15;
/** A subscription whose status is this counts as paid. */
export const ALIVE_SUBSCRIPTION_STATUS = 'alive';
/** The 'Save N%' badge shows from this saving on (spec 000 §2). */
export const MIN_YEARLY_SAVING_PERCENT = 10;
