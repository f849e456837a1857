// An SMTP server that accepts every message and keeps it parsed, so tests can read the mail the product sends
// through its real SMTP transport (magic links, one-time codes, notifications).
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SinkMessage {
  /** Envelope sender (MAIL FROM), a bare address. */
  from: string;
  /** Envelope recipients (RCPT TO), bare addresses; includes Bcc recipients. */
  to: string[];
  subject: string;
  text: string | undefined;
  html: string | undefined;
  /** The message exactly as received. */
  raw: string;
  /** Everything else mailparser found (headers, display names, attachments). */
  parsed: ParsedMail;
}

export interface SmtpSink {
  readonly port: number;
  /** `smtp://127.0.0.1:PORT`, usable as the product's `SMTP_URL`. */
  readonly url: string;
  /** Received messages, oldest first. */
  readonly messages: readonly SinkMessage[];
  /** Resolves with the first message matching `predicate`, waiting for it if need be. */
  waitFor(predicate?: (message: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  clear(): void;
  close(): Promise<void>;
}

interface Waiter {
  predicate: (message: SinkMessage) => boolean;
  resolve: (message: SinkMessage) => void;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  let messages: SinkMessage[] = [];
  let waiters: Waiter[] = [];

  function receive(message: SinkMessage): void {
    messages.push(message);
    const matched = waiters.filter((waiter) => waiter.predicate(message));
    waiters = waiters.filter((waiter) => !matched.includes(waiter));
    for (const waiter of matched) waiter.resolve(message);
  }

  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to manage, and clients will not try to upgrade.
    disabledCommands: ['STARTTLS'],
    secure: false,
    logger: false,
    // Short, so close() does not wait long for clients that keep a pooled connection open.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const parts: Buffer[] = [];
      stream.on('data', (part: Buffer) => parts.push(part));
      stream.on('end', () => {
        const raw = Buffer.concat(parts);
        // Parsed before acknowledging, so the message is in `messages` by the time the sender's call resolves.
        simpleParser(raw)
          .then((parsed) => {
            const { mailFrom, rcptTo } = session.envelope;
            receive({
              from: mailFrom ? mailFrom.address : '',
              to: rcptTo.map((recipient) => recipient.address),
              subject: parsed.subject ?? '',
              text: parsed.text,
              html: parsed.html === false ? undefined : parsed.html,
              raw: raw.toString('utf8'),
              parsed,
            });
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.server.address() as AddressInfo).port);
    });
  });

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    get messages() {
      return messages;
    },
    waitFor(predicate = () => true, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          predicate,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
        };
        const timer = setTimeout(() => {
          waiters = waiters.filter((other) => other !== waiter);
          const subjects = messages.map((message) => JSON.stringify(message.subject)).join(', ') || 'none';
          reject(new Error(`SMTP sink: no matching message within ${timeoutMs} ms (received: ${subjects})`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    clear() {
      messages = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
