import { and, isNull, type SQL } from 'drizzle-orm';
import { apiKeys } from '../../db/schema';
import { editsApp } from '../apps';

/**
 * The condition "the key works" (with `apps` joined on the key's app): not revoked, and its creator still edits the
 * app. A key is its creator's access: when the app is handed on (claim) or the creator stops collaborating, their
 * keys stop with them and leave the list (decision 0010, "API keys").
 */
export function liveKey(): SQL {
  return and(isNull(apiKeys.revokedAt), editsApp(apiKeys.createdByAccountId))!;
}
