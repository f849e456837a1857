import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Logger } from '../logger';
import { OutboxMail } from './outbox-mail';
import { SmtpMail } from './smtp-mail';
import type { Mail } from './types';

export type { Mail, MailMessage } from './types';
export { listOutbox, type OutboxRow } from './outbox';
export { OutboxMail } from './outbox-mail';
export { SmtpMail } from './smtp-mail';

/** SMTP when `SMTP_URL` is set; otherwise messages stop at the outbox table and the log. */
export function createMail(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, logger: Logger, db: Db): Mail {
  if (config.SMTP_URL) return new SmtpMail(db, config.MAIL_FROM, config.SMTP_URL, logger);
  return new OutboxMail(db, config.MAIL_FROM, logger);
}
