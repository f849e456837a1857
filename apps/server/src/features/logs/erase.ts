import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Erasing what users asked (decision 0018): a run's inputs, answer and rating reason are cleared and it is marked
 * erased, so the logs no longer show it while run limits and analytics still count it; conversations go whole.
 */

/** Erases the app's runs matching `where` (over `runs r`); answers how many. */
export async function eraseRuns(db: Db, appId: string, where: SQL): Promise<number> {
  const result = await db.execute(sql`
    update runs r set inputs = '{}'::jsonb, output = '', citations = '[]'::jsonb, rating_reason = null,
      erased_at = now()
    where r.app_id = ${appId} and r.erased_at is null and ${where}
    returning r.run_id
  `);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** Deletes the app's conversations matching `where` (over `assistant_conversations c`), messages with them. */
export async function deleteConversations(db: Db, appId: string, where: SQL): Promise<void> {
  await db.execute(sql`delete from assistant_conversations c where c.app_id = ${appId} and ${where}`);
}

/** The runs of the conversation the run answered in (itself included). */
export const runsOfConversationOf = (runId: string) => sql`(r.run_id = ${runId} or r.run_id in (
  select m2.run_id from assistant_messages m1
  join assistant_messages m2 on m2.conversation_row_id = m1.conversation_row_id
  where m1.run_id = ${runId} and m2.run_id is not null))`;

/** The conversation the run answered in. */
export const conversationOf = (runId: string) =>
  sql`c.id in (select m.conversation_row_id from assistant_messages m where m.run_id = ${runId})`;

/** Erases one run and, for an assistant turn, its whole conversation with the other turns of it. */
export async function eraseRunAndConversation(db: Db, appId: string, runId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const n = await eraseRuns(tx as unknown as Db, appId, runsOfConversationOf(runId));
    await deleteConversations(tx as unknown as Db, appId, conversationOf(runId));
    return n;
  });
}

/** Erases everything the app's users asked before `cutoff`: runs, and messages (empty conversations go too). */
export async function eraseBefore(db: Db, appId: string, cutoff: Date): Promise<number> {
  const at = cutoff.toISOString();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const n = await eraseRuns(t, appId, sql`r.created_at < ${at}::timestamptz`);
    await t.execute(sql`
      delete from assistant_messages m using assistant_conversations c
      where c.id = m.conversation_row_id and c.app_id = ${appId} and m.created_at < ${at}::timestamptz
    `);
    await deleteConversations(
      t,
      appId,
      sql`c.updated_at < ${at}::timestamptz and not exists (select 1 from assistant_messages m where m.conversation_row_id = c.id)`,
    );
    return n;
  });
}
