import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from './constants';

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

export const signUpRequest = z.object({
  email: z.string(),
  password: z.string(),
  tenantId: z.string().min(1).max(100),
  /** where the verification link brings the user back to */
  continueUrl: z.string().max(2000).optional(),
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

/** Where every emailed link lands (spec 000 §2 `/auth/handler`); the token or code is a query parameter. */
export const AUTH_HANDLER_PATH = '/auth/handler';
/**
 * `mode` of an emailed link: verify the email, reset the password, sign in (magic link), confirm a new address
 * (the email change takes effect) or undo an email change (the link sent to the old address).
 */
export const authLinkModes = [
  'verifyEmail',
  'resetPassword',
  'signIn',
  'verifyAndChangeEmail',
  'recoverEmail',
] as const;
export type AuthLinkMode = (typeof authLinkModes)[number];

/** The link to the old address that undoes an email change: 7 days. */
export const RECOVER_EMAIL_LIFETIME_MIN = 7 * 24 * 60;

const code = z.string().trim().min(1).max(200);
const password = z.string().max(MAX_PASSWORD_LENGTH * 4);
const optionalUrlPath = z.string().max(2000).optional();

export const verifyEmailRequest = z.object({ code });
export const sendVerifyEmailRequest = z.object({
  continueUrl: optionalUrlPath,
  appName: z.string().max(200).optional(),
});
export const resetPasswordRequest = z.object({ code, newPassword: password });
export const changeEmailRequest = z.object({ currentPassword: password, newEmail: z.string().max(320) });
export const changePasswordRequest = z.object({ currentPassword: password, newPassword: password });
export const magicLinkVerifyRequest = z.object({ token: code });
export const customTokenRequest = z.object({ customToken: z.string().min(1).max(4000) });
export const sendResetPasswordEmailRequest = z.object({
  email: z.string().max(320),
  mainAppId: z.string().max(100).nullish(),
  continueUrl: optionalUrlPath,
});
export const completeEmailChangeRequest = z.object({ newEmail: z.string().max(320) });
export const sendMagicLinkRequest = z.object({ email: z.string().max(320), continueUrl: optionalUrlPath });
export const validateOtpRequest = z.object({ email: z.string().max(320), otp: z.string().trim().max(20) });
export const adminSetPlanRequest = z.object({ email: z.string().max(320), plan: z.string().min(1).max(50) });

/** `validateOtp` answers a custom token to trade at `auth/customToken` (spec 000 §3 Auth tokens). */
export interface OtpTokens {
  customToken: string;
  tenantId: string;
}

/** `GET /api/live_api/auth/config?appId=`: how the sign-in page of a tenant looks. */
export interface AuthConfig {
  tenantId: string;
  /** null on the builders' platform */
  appId: string | null;
  appName: string | null;
  /** sign-up is offered only when the tenant accepts it (spec 000 §2) */
  signUpEnabled: boolean;
  googleEnabled: boolean;
  /** the app's look on its own sign-in page (null on the builders' platform) */
  branding: AuthBranding | null;
  /** the app's links shown under its sign-up form (spec 001 §3 app settings; empty: none) */
  termsOfServiceLink: string;
  privacyPolicyLink: string;
  supportEmail: string;
}

/** An app's branding as its sign-in page shows it (spec 000 §3 App style, the app's header). */
export interface AuthBranding {
  header: string;
  logoUrl: string;
  styleName: 'dark' | 'colorful' | 'light';
  backgroundColor: string;
  headerTextColor: string;
  subheaderTextColor: string;
  buttonTextColor: string;
  buttonBackgroundColor: string;
}

/** Memory record of a user for an app (spec 000 §3: shape not shown; see docs/decisions). */
export interface UserMemory {
  appId: string;
  values: Record<string, unknown>;
  updatedAt: string | null;
}
