import type { Platform } from '../../platform';
import type { MailMessage } from '../../platform/mail/types';

/**
 * Sends a message without holding up the answer: calls that must not tell whether an address has an account
 * (reset, magic link) answer in the same time either way, whatever the mail server's speed (docs/decisions/0006).
 * A failed send is logged; the message stays in the outbox where that adapter is used.
 */
export function sendAfterAnswer(platform: Platform, message: MailMessage): void {
  platform.mail
    .send(message)
    .catch((err: unknown) => platform.logger.warn({ err, to: message.to }, 'could not send a mail'));
}
