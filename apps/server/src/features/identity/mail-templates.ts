import type { MailMessage } from '../../platform/mail';
import { escapeHtml as escape } from '../../http/html';

interface LayoutOptions {
  title: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  code?: string;
}

function layout({ title, paragraphs, action, code }: LayoutOptions) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escape(action.label)}</a></p><p style="margin:0 0 16px;color:#6b7280;font-size:13px">Or open this link: ${escape(action.url)}</p>`
    : '';
  const codeBlock = code
    ? `<p style="margin:16px 0;font-size:28px;letter-spacing:6px;font-weight:700;font-family:monospace">${escape(code)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827;max-width:520px;margin:0 auto;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escape(title)}</h1>${body}${codeBlock}${button}<p style="color:#9ca3af;font-size:12px;margin-top:32px">If you did not ask for this, you can ignore this email.</p></body></html>`;
}

const appName = (name?: string | null) => name || 'BuildAI';

export function verifyEmailMail(to: string, url: string, name?: string | null): MailMessage {
  const product = appName(name);
  return {
    to,
    subject: `Verify your email for ${product}`,
    text: `Confirm that ${to} is your email address for ${product}:\n\n${url}\n\nThe link works for 24 hours.`,
    html: layout({
      title: 'Verify your email',
      paragraphs: [`Confirm that ${to} is your email address for ${product}. The link works for 24 hours.`],
      action: { label: 'Verify email', url },
    }),
    meta: { kind: 'verify-email', url },
  };
}

export function resetPasswordMail(to: string, url: string, name?: string | null): MailMessage {
  const product = appName(name);
  return {
    to,
    subject: `Reset your ${product} password`,
    text: `Someone asked to reset the password of ${to} on ${product}. Choose a new one here:\n\n${url}\n\nThe link works for 1 hour and only once.`,
    html: layout({
      title: 'Reset your password',
      paragraphs: [`Someone asked to reset the password of ${to}. The link works for 1 hour and only once.`],
      action: { label: 'Choose a new password', url },
    }),
    meta: { kind: 'reset-password', url },
  };
}

export interface MagicLinkMailOptions {
  to: string;
  url: string;
  code: string;
  name?: string | null;
}

export function magicLinkMail({ to, url, code, name }: MagicLinkMailOptions): MailMessage {
  const product = appName(name);
  return {
    to,
    subject: `Your sign-in link for ${product}`,
    text: `Sign in to ${product} with this link:\n\n${url}\n\nOr enter this code: ${code}\n\nThe link and the code work for 15 minutes, once.`,
    html: layout({
      title: `Sign in to ${product}`,
      paragraphs: ['Use the button, or enter this code on the sign-in page. Both work for 15 minutes, once.'],
      action: { label: `Sign in to ${product}`, url },
      code,
    }),
    meta: { kind: 'magic-link', url, code },
  };
}

/** To the new address: the change takes effect only once this link is opened. */
export function confirmEmailChangeMail(to: string, url: string, name?: string | null): MailMessage {
  const product = appName(name);
  return {
    to,
    subject: `Confirm your new email for ${product}`,
    text: `Open this link to make ${to} the email of your ${product} account:\n\n${url}\n\nThe link works for 24 hours, once. Until then your account keeps its current email.`,
    html: layout({
      title: 'Confirm your new email',
      paragraphs: [`Make ${to} the email of your ${product} account. Until you do, nothing changes.`],
      action: { label: 'Confirm the new email', url },
    }),
    meta: { kind: 'confirm-email-change', url },
  };
}

export interface EmailChangedNoticeOptions {
  to: string;
  newEmail: string;
  undoUrl: string;
  name?: string | null;
}

/** To the old address once the change took effect, with a link (7 days) that undoes it. */
export function emailChangedNotice({ to, newEmail, undoUrl, name }: EmailChangedNoticeOptions): MailMessage {
  const product = appName(name);
  return {
    to,
    subject: `Your ${product} email was changed`,
    text: `The email address of your ${product} account was changed from ${to} to ${newEmail}. If you did not do this, undo the change with this link (it works for 7 days):\n\n${undoUrl}`,
    html: layout({
      title: 'Your email was changed',
      paragraphs: [
        `The email address of your ${product} account was changed from ${to} to ${newEmail}.`,
        'If you did not do this, undo the change (the link works for 7 days).',
      ],
      action: { label: 'Undo the change', url: undoUrl },
    }),
    meta: { kind: 'email-changed', newEmail, url: undoUrl },
  };
}
