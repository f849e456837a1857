import type { Db } from '../../db/client';
import type { Logger } from '../logger';
import { markSent, recordMail } from './outbox';
import type { Mail, MailMessage } from './types';

/**
 * The embedded default: no mail leaves the machine. The message stays in the outbox table and one log line
 * carries it, so an operator without SMTP can still hand out a sign-in link or code.
 */
export class OutboxMail implements Mail {
  readonly kind = 'outbox' as const;

  constructor(
    private readonly db: Db,
    private readonly from: string,
    private readonly logger: Logger,
  ) {}

  async send(msg: MailMessage): Promise<{ id: string }> {
    const id = await recordMail(this.db, this.from, this.kind, msg);
    this.logger.info(
      { mailId: id, to: msg.to, subject: msg.subject, text: msg.text },
      'mail kept in the outbox (set SMTP_URL to deliver it)',
    );
    await markSent(this.db, id);
    return { id };
  }
}
