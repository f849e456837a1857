import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import type { Logger } from '../logger';
import { markFailed, markSent, recordMail } from './outbox';
import type { Mail, MailMessage } from './types';

/** Delivery through an SMTP server given as a URL, e.g. `smtps://user:pass@smtp.example.com:465`. */
export class SmtpMail implements Mail {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(
    private readonly db: Db,
    private readonly from: string,
    smtpUrl: string,
    private readonly logger: Logger,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(msg: MailMessage): Promise<{ id: string }> {
    const id = await recordMail(this.db, this.from, this.kind, msg);
    try {
      await this.transport.sendMail({
        from: this.from,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html,
        // Lets the receiving side (and an operator reading its logs) tie the message to the outbox row.
        headers: { 'X-BuildAI-Mail-Id': id },
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await markFailed(this.db, id, reason);
      this.logger.error({ mailId: id, to: msg.to, err }, 'mail delivery failed');
      throw new Error(`Could not send mail to ${msg.to} through SMTP: ${reason}`, { cause: err });
    }
    await markSent(this.db, id);
    this.logger.info({ mailId: id, to: msg.to, subject: msg.subject }, 'mail sent');
    return { id };
  }
}
