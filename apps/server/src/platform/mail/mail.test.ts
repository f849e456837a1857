import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { createMail, listOutbox } from './index';
import type { Mail } from './types';

const FROM = 'BuildAI Test <no-reply@test.local>';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps what it receives and refuses recipients named `refuse-*`. */
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address.startsWith('refuse-')) return callback(new Error('Mailbox unavailable'));
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let database: Database;
let smtpUrl = '';

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database?.close();
});

/** A logger whose lines the test can read. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

interface Variant {
  name: 'outbox' | 'smtp';
  make(): { mail: Mail; lines: Record<string, unknown>[] };
  /** Where the message went besides the table: the log line or the SMTP server. */
  delivered(to: string, lines: Record<string, unknown>[]): string;
}

const variants: Variant[] = [
  {
    name: 'outbox',
    make() {
      const { logger, lines } = capturingLogger();
      return { mail: createMail({ MAIL_FROM: FROM }, logger, database.db), lines };
    },
    delivered(to, lines) {
      const line = lines.find((l) => l.to === to);
      expect(line).toBeDefined();
      return `${String(line!.subject)}\n${String(line!.text)}`;
    },
  },
  {
    name: 'smtp',
    make() {
      const { logger, lines } = capturingLogger();
      return { mail: createMail({ MAIL_FROM: FROM, SMTP_URL: smtpUrl }, logger, database.db), lines };
    },
    delivered(to) {
      const got = received.filter((r) => r.to.includes(to));
      expect(got).toHaveLength(1);
      expect(got[0]!.from).toBe('no-reply@test.local');
      return got[0]!.raw;
    },
  },
];

describe.each(variants)('mail contract: $name', (variant) => {
  const address = () => `user-${randomUUID()}@example.com`;

  it('has the kind of its implementation', () => {
    expect(variant.make().mail.kind).toBe(variant.name);
  });

  it('writes the message to the outbox, delivers it and marks it sent', async () => {
    const { mail, lines } = variant.make();
    const to = address();
    const before = new Date();
    const { id } = await mail.send({
      to,
      subject: 'Your sign-in code',
      text: 'Your code is 123456',
      html: '<p>Your code is <b>123456</b></p>',
      meta: { kind: 'one-time-code' },
    });
    const [row] = await listOutbox(database.db, { to });
    expect(row).toMatchObject({
      id,
      to,
      from: FROM,
      subject: 'Your sign-in code',
      text: 'Your code is 123456',
      html: '<p>Your code is <b>123456</b></p>',
      transport: variant.name,
      meta: { kind: 'one-time-code' },
      error: null,
    });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.sentAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    const delivered = variant.delivered(to, lines);
    expect(delivered).toContain('Your sign-in code');
    expect(delivered).toContain('Your code is 123456');
  });

  it('lists the outbox newest first, by recipient regardless of case, up to a limit', async () => {
    const { mail } = variant.make();
    const to = address();
    for (const n of [1, 2, 3]) await mail.send({ to, subject: `Message ${n}`, text: `body ${n}` });
    await mail.send({ to: address(), subject: 'Someone else', text: 'x' });
    const rows = await listOutbox(database.db, { to: to.toUpperCase() });
    expect(rows.map((r) => r.subject)).toEqual(['Message 3', 'Message 2', 'Message 1']);
    expect(await listOutbox(database.db, { to, limit: 2 })).toHaveLength(2);
    expect((await listOutbox(database.db, { limit: 1 }))[0]?.subject).toBe('Someone else');
  });

  it('refuses a message without a recipient and writes nothing', async () => {
    const { mail } = variant.make();
    const subject = `no recipient ${randomUUID()}`;
    await expect(mail.send({ to: ' ', subject, text: 'x' })).rejects.toThrow(/recipient/);
    expect((await listOutbox(database.db, { limit: 500 })).some((r) => r.subject === subject)).toBe(false);
  });
});

describe('mail over SMTP failing', () => {
  it('keeps the error on the outbox row and throws a clear error', async () => {
    const mail = createMail({ MAIL_FROM: FROM, SMTP_URL: smtpUrl }, pino({ level: 'silent' }), database.db);
    const to = `refuse-${randomUUID()}@example.com`;
    await expect(mail.send({ to, subject: 'Hello', text: 'x' })).rejects.toThrow(
      new RegExp(`Could not send mail to ${to} through SMTP: .*Mailbox unavailable`),
    );
    const [row] = await listOutbox(database.db, { to });
    expect(row).toMatchObject({ transport: 'smtp', sentAt: null });
    expect(row!.error).toMatch(/Mailbox unavailable/);
  });

  it('reports a server that cannot be reached', async () => {
    const closed = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const mail = createMail(
      { MAIL_FROM: FROM, SMTP_URL: `smtp://127.0.0.1:${port}` },
      pino({ level: 'silent' }),
      database.db,
    );
    const to = `user-${randomUUID()}@example.com`;
    await expect(mail.send({ to, subject: 'Hello', text: 'x' })).rejects.toThrow(/Could not send mail/);
    expect((await listOutbox(database.db, { to }))[0]?.error).toMatch(/ECONNREFUSED|connect/i);
  });
});
