import { and, count, eq, ne } from 'drizzle-orm';
import { AppError, builderMessages, type ToolStatus } from '@buildai/domain';
import { accounts, apps, tools } from '../../db/schema';
import type { Db } from '../../db/client';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { AppChangeBus } from './app-change-bus';
import { loadToolOf } from './load-app';
import { requireOwnedApp } from './rights';
import { toToolSummary } from './view';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface CheckActivationOptions {
  tx: Tx | Db;
  liveToolLimit: number;
  ownerAccountId: string;
  toolId: string;
  title: string;
}

/**
 * Whether a tool may go live (spec 001 §4), in the caller's transaction: it needs a title (its header) and a free
 * live-tool slot of the app owner's plan. Takes the owner's row lock, so two activations cannot both take the last
 * slot. Throws `tool/header-required` or `tool/live-limit`.
 */
export async function checkActivation({
  tx,
  liveToolLimit,
  ownerAccountId,
  toolId,
  title,
}: CheckActivationOptions): Promise<void> {
  await tx
    .select({ accountId: accounts.accountId })
    .from(accounts)
    .where(eq(accounts.accountId, ownerAccountId))
    .for('update');
  if (title.trim() === '') throw new AppError('tool/header-required');
  const [live] = await tx
    .select({ n: count() })
    .from(tools)
    .innerJoin(apps, eq(apps.appId, tools.appId))
    .where(
      and(eq(apps.ownerAccountId, ownerAccountId), eq(tools.status, 'active'), ne(tools.toolId, toolId)),
    );
  if (Number(live?.n ?? 0) >= liveToolLimit) {
    throw new AppError('tool/live-limit', {
      message: builderMessages.liveToolLimit(liveToolLimit),
    });
  }
}

export interface SetToolStatusOptions {
  platform: Platform;
  changes: AppChangeBus;
  caller: Caller;
  appId: string;
  toolId: string;
  status: ToolStatus;
}

/**
 * Draft ⇄ active (spec 001 §4). Activation needs a header and a free live-tool slot: the builder's active
 * tools across all apps stay within the plan's limit.
 */
export async function setToolStatus({
  platform,
  changes,
  caller,
  appId,
  toolId,
  status,
}: SetToolStatusOptions) {
  const { rights, app } = await requireOwnedApp(platform, caller, appId);
  // live tools count against the app's owner, whoever of its editors activates one
  const accountId = app.ownerAccountId;
  await loadToolOf(platform.db, appId, toolId);

  const updated = await platform.db.transaction(async (tx) => {
    const tool = await loadToolOf(tx, appId, toolId);
    if (status === 'active' && tool.status !== 'active')
      await checkActivation({
        tx,
        liveToolLimit: rights.liveToolLimit,
        ownerAccountId: accountId,
        toolId: tool.toolId,
        title: tool.title,
      });
    const [row] = await tx
      .update(tools)
      .set({ status, updatedAt: new Date() })
      .where(eq(tools.toolId, tool.toolId))
      .returning();
    return row!;
  });
  await changes.announce(appId);
  return { tool: toToolSummary(updated, true) };
}
