import { expect } from '@playwright/test';
import { BASE_URL } from './env';

/** One message of the server's outbox (`GET /api/dev/mail?to=`). */
export interface Mail {
  id: number | string;
  to: string;
  subject: string;
  text: string;
  /** `url`: the emailed link; `code`: the 6-digit code of a magic-link message */
  meta: { url?: string; code?: string } & Record<string, unknown>;
}

async function fetchMail(server: string, to: string): Promise<Mail[]> {
  const response = await fetch(`${server}/api/dev/mail?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`GET /api/dev/mail failed: ${response.status}`);
  return (await response.json()) as Mail[];
}

/**
 * The inbox of one address on one server. `next(subject)` waits for a message with that subject that this inbox
 * has not handed out yet, and answers the newest (earlier unread ones with that subject are skipped).
 */
export function mailbox(address: string, server: string = BASE_URL) {
  const seen = new Set<Mail['id']>();
  return {
    address,
    async next(subject: RegExp): Promise<Mail> {
      let found: Mail[] = [];
      await expect
        .poll(
          async () => {
            found = (await fetchMail(server, address)).filter(
              (m) => subject.test(m.subject) && !seen.has(m.id),
            );
            return found.length;
          },
          { message: `a new "${subject.source}" message to ${address}`, intervals: [100, 250, 500] },
        )
        .toBeGreaterThan(0);
      for (const m of found) seen.add(m.id);
      return found[0]!;
    },
  };
}

/** The message's link: on the server's own address (PUBLIC_URL), landing on /auth/handler. */
export function linkOf(mail: Mail): string {
  const url = mail.meta.url;
  expect(url, `the link of "${mail.subject}"`).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\/handler\?/);
  return url!;
}

export const SUBJECTS = {
  verify: /^Verify your email/,
  reset: /^Reset your .* password$/,
  magicLink: /^Your sign-in link/,
  emailChanged: /email was changed$/,
  confirmEmailChange: /^Confirm your new email/,
  collaboratorInvite: /invited you to edit/,
};
