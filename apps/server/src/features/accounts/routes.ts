import { Hono } from 'hono';
import {
  completeEmailChangeRequest,
  sendMagicLinkRequest,
  sendResetPasswordEmailRequest,
  validateOtpRequest,
} from '@buildai/domain';
import { parseBody, requireCaller, type AppEnv } from '../../http/context';
import {
  completeEmailChange,
  sendResetPasswordEmail,
  sendMagicLink,
  validateOtp,
  type SigningKey,
} from '../identity';
import { createAccount } from './create-account';
import { getCurrentAccount } from './get-current-account';

/** /api/live_api/account/* (spec 000 §7). */
export function accountRoutes(signingKey: SigningKey) {
  const r = new Hono<AppEnv>();
  r.post('/create', async (c) => c.json(await createAccount(c.get('platform'), requireCaller(c))));
  r.get('/current', async (c) => c.json(await getCurrentAccount(c.get('platform'), requireCaller(c))));
  r.post('/sendResetPasswordEmail', async (c) =>
    c.json(
      await sendResetPasswordEmail(c.get('platform'), await parseBody(c, sendResetPasswordEmailRequest)),
    ),
  );
  r.post('/completeEmailChange', async (c) => {
    const caller = requireCaller(c);
    const { newEmail } = await parseBody(c, completeEmailChangeRequest);
    return c.json(await completeEmailChange(c.get('platform'), caller, newEmail));
  });
  r.post('/sendMagicLink', async (c) =>
    c.json(
      await sendMagicLink(c.get('platform'), c.req.query('appId'), await parseBody(c, sendMagicLinkRequest)),
    ),
  );
  r.post('/validateOtp', async (c) =>
    c.json(
      await validateOtp(
        c.get('platform'),
        signingKey,
        c.req.query('appId'),
        await parseBody(c, validateOtpRequest),
      ),
    ),
  );
  return r;
}
