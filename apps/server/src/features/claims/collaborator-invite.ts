import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { escapeHtml as escape } from '../../http/html';
import type { MailMessage } from '../../platform/mail';
import type { SigningKey } from '../identity';

/** How long an invitation to collaborate can be accepted. */
export const COLLABORATOR_INVITE_DAYS = 7;

/** What an invitation to collaborate says: the app, the invited address, and who owned the app when inviting. */
export interface CollaboratorInvite {
  appId: string;
  email: string;
  ownerAccountId: string;
}

async function macKey(signingKey: SigningKey): Promise<Buffer> {
  return Buffer.from(hkdfSync('sha256', await signingKey.bytes(), 'buildai', 'collaborator invites v1', 32));
}

const mac = async (signingKey: SigningKey, payload: string) =>
  createHmac('sha256', await macKey(signingKey))
    .update(payload)
    .digest('base64url');

/**
 * The invitation's token, sent in the link to the invited address only: the owner's answer is the same whether the
 * address has a builder account or not, and nobody is added until the invitee accepts (docs/decisions/0016).
 */
export async function signInvite(signingKey: SigningKey, invite: CollaboratorInvite, now = Date.now()) {
  const exp = Math.floor(now / 1000) + COLLABORATOR_INVITE_DAYS * 86_400;
  const payload = Buffer.from(
    JSON.stringify({ a: invite.appId, e: invite.email, o: invite.ownerAccountId, x: exp }),
  ).toString('base64url');
  return `${payload}.${await mac(signingKey, payload)}`;
}

/** The invitation of a token we signed that has not expired; otherwise null. */
export async function readInvite(signingKey: SigningKey, token: string): Promise<CollaboratorInvite | null> {
  const [payload, given, ...rest] = token.split('.');
  if (!payload || !given || rest.length > 0) return null;
  const expected = Buffer.from(await mac(signingKey, payload));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    if (typeof claims.x !== 'number' || claims.x * 1000 < Date.now()) return null;
    if (typeof claims.a !== 'string' || typeof claims.e !== 'string' || typeof claims.o !== 'string')
      return null;
    return { appId: claims.a, email: claims.e, ownerAccountId: claims.o };
  } catch {
    return null;
  }
}

export function collaboratorInviteMail(opts: {
  to: string;
  ownerEmail: string;
  appName: string;
  url: string;
}): MailMessage {
  const { to, ownerEmail, appName, url } = opts;
  const lines = [
    `${ownerEmail} invited you to edit the app "${appName}" with them on BuildAI.`,
    `Accept within ${COLLABORATOR_INVITE_DAYS} days, signed in with ${to}. No builder account yet? Sign up with this address first, then open the link again.`,
  ];
  return {
    to,
    subject: `${ownerEmail} invited you to edit "${appName}"`,
    text: `${lines.join('\n\n')}\n\n${url}`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827;max-width:520px;margin:0 auto;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">You're invited to edit an app</h1>${lines.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('')}<p style="margin:24px 0"><a href="${escape(url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Accept the invitation</a></p><p style="color:#9ca3af;font-size:12px;margin-top:32px">If you do not know this person, you can ignore this email: nothing changes until you accept.</p></body></html>`,
    meta: { kind: 'collaborator-invite', url },
  };
}
