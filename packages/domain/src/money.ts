import { z } from 'zod';
import type { PlanCard } from './plans';

/**
 * End users and money (spec 001 §2, §4, §7, §8, §9; spec 000 §2, §4; issue "End users and money"): paid
 * memberships through Gumroad, builder plans bought through Gumroad, app claim, collaborators and app templates.
 * Choices the spec leaves open are in docs/decisions/0009-end-users-and-money.md.
 */

// ---- messages (spec 001 §7, §8), verbatim ---------------------------------------------------------------------

export const moneyMessages = {
  productsFailed: 'Failed to fetch Gumroad products',
  connectFailed: 'Failed to connect to Gumroad',
  connected: "Connected to Gumroad, you're all set!",
  invitationFailed: 'Failed to get invitation, try again later',
  publishBeforeInvite: "You can't copy invite link until you publish your app",
  invitedToClaim: "You're invited to claim your app",
  inviteCopied: 'Copied invite to clipboard',
  /** 'with code {code}' */
  withCode: (code: string) => `with code ${code}`,
  /** spec 000 §2 */
  demoView: 'Demo view: this is how the upgrade plan dialog will look like in the app',
  unlock: (toolName: string) => `Unlock ${toolName} to reach your goals faster.`,
} as const;

/** The clipboard text of 'Copy invite link' (spec 001 §7): three lines. */
export function claimInviteText(invitation: ClaimInvitation): string {
  return [
    moneyMessages.invitedToClaim,
    invitation.inviteLink,
    moneyMessages.withCode(invitation.claimCode),
  ].join('\n');
}

// ---- Gumroad ---------------------------------------------------------------------------------------------------

export const paymentProviders = ['gumroad'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

/** Gumroad resource subscriptions the product registers on connect (issue "End users and money"). */
export const GUMROAD_RESOURCES = ['sale', 'refund', 'cancellation', 'subscription_ended'] as const;
export type GumroadResource = (typeof GUMROAD_RESOURCES)[number];

/** The access-token field waits this long after the last keystroke before fetching products (spec 001 §9). */
export const PAYMENT_TOKEN_DEBOUNCE_MS = 1000;

/** A Gumroad product as the settings panel lists it. */
export interface PaymentProduct {
  id: string;
  name: string;
  /** the product's page, where a buyer pays (`short_url`) */
  url: string;
  /** price in cents of the default (monthly, or one-time) option */
  priceCents: number;
  /** price in cents of a yearly option, when the membership has one */
  yearlyPriceCents: number | null;
  /** a subscription (membership) rather than a one-time product */
  isSubscription: boolean;
  currency: string;
}

/** GET /api/apps/{appId}/payments/products?appId=&accessToken= */
export const paymentProductsQuery = z.object({
  appId: z.string().min(1).max(100).optional(),
  accessToken: z.string().trim().min(1).max(500).optional(),
});
export interface PaymentProductsResponse {
  products: PaymentProduct[];
}

/** POST /api/apps/{appId}/payments/connect */
export const connectPaymentsRequest = z.object({ productId: z.string().trim().min(1).max(200) });

/** App settings of spec 001 §3 for paid memberships, as the server keeps them (the token is never among them). */
export const paidMembershipsSettingsSchema = z.object({
  paymentProvider: z.enum(paymentProviders).default('gumroad'),
  hasPaymentProviderAccessToken: z.boolean().default(false),
  isSetupCompleted: z.boolean().default(false),
});
export type PaidMembershipsSettings = z.infer<typeof paidMembershipsSettingsSchema>;
export const paidMembershipsProductSchema = z.object({ id: z.string().max(200), name: z.string().max(500) });
export type PaidMembershipsProduct = z.infer<typeof paidMembershipsProductSchema>;

export interface ConnectPaymentsResponse {
  paidMembershipsProduct: PaidMembershipsProduct;
  paidMembershipsSettings: PaidMembershipsSettings;
}

/**
 * GET /api/apps/{appId}/membership: what the app's page needs to gate a caller. `required` is true when the app
 * has paid memberships on (and connected); `plan` is the single-plan card of spec 000 §2 built from the product
 * (its `link` is the product's Gumroad page).
 */
export interface MembershipStatus {
  required: boolean;
  isMember: boolean;
  plan: PlanCard | null;
  /** the app's header, for 'Unlock {tool name} to reach your goals faster.' */
  appName: string;
}

/**
 * A Gumroad sale id as a buyer brings it back (`?sale_id=`). A query value is not cleaned like a JSON body, so
 * control characters (NUL, which PostgreSQL refuses in text) are refused here.
 */
export const saleIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'A sale id has no control characters');
/**
 * POST /api/live_api/account/create?appId=&saleId= (spec 000 §4): the sale the account is created with, in the
 * query or the JSON body. Until the server has verified the sale at Gumroad it answers 401
 * `payments/sale-not-verified`, and the client tries again.
 */
export const createAccountRequest = z.object({ saleId: saleIdSchema.optional() });

/** A sale as the product keeps it after looking it up (never as a ping said it). */
export const saleStates = ['alive', 'cancelled', 'ended', 'refunded'] as const;
export type SaleState = (typeof saleStates)[number];

// ---- app claim (spec 001 §2, §4, §6, §7) ------------------------------------------------------------------------

/** GET /api/apps/{appId}/settings/claimInvitation */
export interface ClaimInvitation {
  inviteLink: string;
  claimCode: string;
}
/**
 * Wrong codes one claimant (a builder account, and separately an address) may enter for an invitation within
 * `CLAIM_CLAIMANT_WINDOW_SEC`; then that claimant waits, and the invitation stays open for the real customer.
 */
export const CLAIM_MAX_ATTEMPTS = 3;
export const CLAIM_CLAIMANT_WINDOW_SEC = 60 * 60;
/**
 * Wrong codes an invitation takes from everyone together before it is dead: a backstop against guessing with many
 * accounts (32⁸ codes; 30 guesses find one with a chance of about 3·10⁻¹¹).
 */
export const CLAIM_MAX_WRONG_CODES = 30;
/** POST /api/claim/{invitationId} */
export const claimRequest = z.object({ claimCode: z.string().trim().min(1).max(50) });
export interface ClaimResponse {
  appId: string;
}
/** GET /api/claim/{invitationId}: what the claim page shows before the code is entered. */
export interface ClaimInvitationInfo {
  appId: string;
  appHeader: string;
  logoUrl: string;
  status: 'open' | 'used' | 'dead';
  requireBuilderCollaboratorAccount: boolean;
}

// ---- collaborators ----------------------------------------------------------------------------------------------

export const addCollaboratorRequest = z.object({ email: z.string().trim().min(1).max(320) });
export interface Collaborator {
  accountId: string;
  email: string;
  addedAt: string;
}
export interface CollaboratorsResponse {
  owner: { accountId: string; email: string };
  collaborators: Collaborator[];
  /** after an invitation: the address it was sent to (the same answer whether it has a builder account or not) */
  invited?: string;
}
/** POST /api/collaborations/accept: the invitation's token, from the link mailed to the invited address. */
export const acceptCollaborationRequest = z.object({ invite: z.string().trim().min(1).max(2000) });
export interface AcceptCollaborationResponse {
  appId: string;
}

// ---- app templates (spec 001 §2 "App template", isAppTemplate) ----------------------------------------------

/** GET /api/app-templates: one published app whose owner (an admin) listed it as an app template. */
export interface AppTemplate {
  appId: string;
  appType: 'tool' | 'generated' | 'space';
  header: string;
  description: string;
  logoUrl: string;
  toolCount: number;
  entityCount: number;
}
/** POST /api/app-templates/{appId}/copy → NewAppResponse */

// ---- custom domain -----------------------------------------------------------------------------------------------

/** A host name as a builder types it: lower case, dots between labels, no scheme, port or path. */
export const CUSTOM_DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
