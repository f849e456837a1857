import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from './constants';

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

export const signUpRequest = z.object({
  email: z.string(),
  password: z.string(),
  tenantId: z.string().min(1).max(100),
});
export type SignUpRequest = z.infer<typeof signUpRequest>;

export const signInRequest = z.object({
  email: z.string(),
  password: z.string().max(MAX_PASSWORD_LENGTH * 4),
  tenantId: z.string().min(1).max(100).optional(),
});
export type SignInRequest = z.infer<typeof signInRequest>;

export interface TokenResponse {
  idToken: string;
  /** seconds until the id token expires */
  expiresIn: number;
}

/** Account fields of spec 000 §3 (from the current-account call). */
export const accountSchema = z.object({
  accountId: z.string(),
  accountType: z.string(),
  plan: z.string(),
  hasPaidAppPackage: z.boolean(),
  subscriptionId: z.string().nullable(),
  planSubscriptionStatus: z.string().nullable(),
  planSubscriptionCancelledAt: z.string().nullable(),
  appId: z.string().nullable(),
  appHeader: z.string().nullable(),
  hasBusinessInfo: z.boolean(),
  isAdmin: z.boolean(),
  email: z.string(),
  emailVerified: z.boolean(),
  tenantId: z.string(),
  subscriptionPaymentsIds: z.array(z.string()),
});
export type Account = z.infer<typeof accountSchema>;
