// Mail sent with nodemailer, as the product sends it, arrives parsed in the sink.
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
beforeEach(() => sink.clear());
afterAll(() => sink.close());

describe('SMTP sink', () => {
  it('receives and parses a message sent by nodemailer', async () => {
    const transport = nodemailer.createTransport(sink.url);
    await transport.sendMail({
      from: 'BuildAI <no-reply@buildai.test>',
      to: 'ada@example.com',
      bcc: 'audit@example.com',
      subject: 'Your sign-in link',
      text: 'Open https://buildai.test/magic?token=abc',
      html: '<p>Open <a href="https://buildai.test/magic?token=abc">this link</a></p>',
    });

    expect(sink.messages).toHaveLength(1);
    const message = sink.messages[0]!;
    expect(message.from).toBe('no-reply@buildai.test');
    expect(message.to).toEqual(['ada@example.com', 'audit@example.com']);
    expect(message.subject).toBe('Your sign-in link');
    expect(message.text?.trim()).toBe('Open https://buildai.test/magic?token=abc');
    expect(message.html).toContain('href="https://buildai.test/magic?token=abc"');
    expect(message.raw).toContain('Subject: Your sign-in link');
    expect(message.parsed.from?.value[0]?.name).toBe('BuildAI');
  });

  it('waits for a matching message and times out clearly', async () => {
    const transport = nodemailer.createTransport(sink.url);
    const waiting = sink.waitFor((message) => message.to.includes('bob@example.com'));
    await transport.sendMail({
      from: 'a@buildai.test',
      to: 'other@example.com',
      subject: 'Other',
      text: 'x',
    });
    await transport.sendMail({
      from: 'a@buildai.test',
      to: 'bob@example.com',
      subject: 'Code 123456',
      text: 'y',
    });
    expect((await waiting).subject).toBe('Code 123456');

    await expect(sink.waitFor((message) => message.subject === 'never', 50)).rejects.toThrow(/"Other"/);
  });
});
