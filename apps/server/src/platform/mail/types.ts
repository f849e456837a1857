/** Outgoing mail: sign-in links, codes, notices (architecture §2). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Kept with the outbox row, e.g. `{ kind: 'magic-link' }`, so a dev page or a test can find a message. */
  meta?: Record<string, unknown>;
}

export interface Mail {
  readonly kind: 'outbox' | 'smtp';
  /** Resolves with the outbox row's id once the message is handed on; rejects when it could not be. */
  send(msg: MailMessage): Promise<{ id: string }>;
}
