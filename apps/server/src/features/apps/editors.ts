import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { appCollaborators, apps } from '../../db/schema';

/**
 * The condition "the account edits the app": it owns it, or it is one of its collaborators. Written as one SQL
 * condition so that every check that was one round trip stays one (see `rights.ts`). Only the owner deletes,
 * hands the app on (claim invitations) and manages collaborators: those checks use `ownerAccountId` alone. A chat
 * app (decision 0010) has its parent's owner, and its parent's collaborators edit it.
 */
export function editsApp(accountId: AnyPgColumn | SQL | string): SQL {
  return sql`(${apps.ownerAccountId} = ${accountId} or exists (select 1 from ${appCollaborators} where ${appCollaborators.appId} = coalesce(${apps.parentAppId}, ${apps.appId}) and ${appCollaborators.accountId} = ${accountId}))`;
}
