import { and, eq } from 'drizzle-orm';
import { AppError, type ToolStatus } from '@buildai/domain';
import { tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { announceAppChange, loadOwnedApp, requireBuilder } from './load-app';
import { toToolSummary } from './view';

/** Draft ⇄ active (spec 001 §4). Activation needs a header. */
export async function setToolStatus(
  platform: Platform,
  caller: Caller,
  appId: string,
  toolId: string,
  status: ToolStatus,
) {
  const account = await requireBuilder(platform, caller);
  await loadOwnedApp(platform.db, account.accountId, appId);
  const [tool] = await platform.db
    .select()
    .from(tools)
    .where(and(eq(tools.toolId, toolId), eq(tools.appId, appId)));
  if (!tool) throw new AppError('tool/not-found');
  if (status === 'active' && tool.title.trim() === '') throw new AppError('tool/header-required');
  const [updated] = await platform.db
    .update(tools)
    .set({ status, updatedAt: new Date() })
    .where(eq(tools.toolId, tool.toolId))
    .returning();
  await announceAppChange(platform, appId);
  return { tool: toToolSummary(updated!, true) };
}
