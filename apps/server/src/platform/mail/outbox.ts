import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/platform';
import type { MailMessage } from './types';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Every message is written here before any transport sees it, so what was sent (or failed) is on record. */
let lastStamp = 0;
/**
 * A creation time that never repeats in this process: mail sent in one burst keeps its order in the outbox even
 * where the database clock only counts milliseconds.
 */
function monotonicNow(): Date {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp);
}

export async function recordMail(db: Db, from: string, transport: string, msg: MailMessage): Promise<string> {
  if (!msg.to.trim()) throw new Error('Mail needs a recipient');
  const id = randomUUID();
  await db.insert(mailOutbox).values({
    id,
    to: msg.to,
    from,
    subject: msg.subject,
    text: msg.text,
    html: msg.html ?? null,
    transport,
    meta: msg.meta ?? null,
    createdAt: monotonicNow(),
  });
  return id;
}

export async function markSent(db: Db, id: string): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: new Date(), error: null }).where(eq(mailOutbox.id, id));
}

export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db.update(mailOutbox).set({ error }).where(eq(mailOutbox.id, id));
}

/** Newest first; `to` matches regardless of case, as mail addresses do in practice. */
export async function listOutbox(db: Db, opts: { to?: string; limit?: number } = {}): Promise<OutboxRow[]> {
  const limit = Math.min(Math.max(1, Math.floor(opts.limit ?? 50)), 500);
  const where = opts.to ? sql`lower(${mailOutbox.to}) = ${opts.to.trim().toLowerCase()}` : undefined;
  return db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
