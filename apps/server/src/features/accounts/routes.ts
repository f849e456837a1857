import { OpenAPIHono } from '@hono/zod-openapi';
import {
  createAccountRequest,
  saleIdSchema,
  completeEmailChangeRequest,
  sendMagicLinkRequest,
  sendResetPasswordEmailRequest,
  validateOtpRequest,
  accountCreatedResponse,
  accountSchema,
  emailResponse,
  otpTokensResponse,
  sentResponse,
} from '@buildai/domain';
import { requireCaller, type AppEnv } from '../../http/context';
import { optionalAppQuery } from '../../http/params';
import { route } from '../../http/validation';
import {
  completeEmailChange,
  sendResetPasswordEmail,
  sendMagicLink,
  validateOtp,
  type SigningKey,
} from '../identity';
import { createAccount, type SaleClaims } from './create-account';
import { getCurrentAccount } from './get-current-account';

const createAccountQuery = optionalAppQuery.extend({ saleId: saleIdSchema.optional() });

/** /api/live_api/account/* (spec 000 §7); `saleClaims` checks and links a sale an account is created with. */
export function accountRoutes(signingKey: SigningKey, saleClaims?: SaleClaims) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/create',
      response: accountCreatedResponse,
      summary: "Creates the caller's account (with the sale it was bought with: ?saleId=)",
      query: createAccountQuery,
      body: createAccountRequest,
    },
    async (c, { query, body }) => {
      const caller = requireCaller(c);
      const saleId = query.saleId ?? (await body()).saleId;
      return c.json(await createAccount(c.get('platform'), caller, { saleId, saleClaims }));
    },
  );
  route(
    r,
    { method: 'get', path: '/current', response: accountSchema, summary: "The caller's account" },
    async (c) => c.json(await getCurrentAccount(c.get('platform'), requireCaller(c))),
  );
  route(
    r,
    {
      method: 'post',
      path: '/sendResetPasswordEmail',
      response: sentResponse,
      summary: 'Sends a password reset email',
      body: sendResetPasswordEmailRequest,
    },
    async (c, { body }) => c.json(await sendResetPasswordEmail(c.get('platform'), await body())),
  );
  route(
    r,
    {
      method: 'post',
      path: '/completeEmailChange',
      response: emailResponse,
      summary: 'Completes an email change',
      body: completeEmailChangeRequest,
    },
    async (c, { body }) => {
      const caller = requireCaller(c);
      const { newEmail } = await body();
      return c.json(await completeEmailChange(c.get('platform'), caller, newEmail));
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/sendMagicLink',
      response: sentResponse,
      summary: 'Sends a magic link and its code',
      query: optionalAppQuery,
      body: sendMagicLinkRequest,
    },
    async (c, { query, body }) => c.json(await sendMagicLink(c.get('platform'), query.appId, await body())),
  );
  route(
    r,
    {
      method: 'post',
      path: '/validateOtp',
      response: otpTokensResponse,
      summary: 'Signs in with the emailed code',
      query: optionalAppQuery,
      body: validateOtpRequest,
    },
    async (c, { query, body }) =>
      c.json(
        await validateOtp({
          platform: c.get('platform'),
          signingKey,
          appId: query.appId,
          input: await body(),
        }),
      ),
  );
  return r;
}
