import { isLiteBuilder, LIVE_TOOL_LIMITS, liveToolLimit } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { isAdminAccount, type AccountRow } from '../accounts';
import { requireBuilder } from './load-app';

/** What the builder's plan and role allow (spec 000 §6, spec 001 §6). */
export interface BuilderRights {
  account: AccountRow;
  isAdmin: boolean;
  /** On the lowest plan: tool settings locked, no photo fields. Admins never are. */
  isLite: boolean;
  /** Active tools allowed across all the builder's apps. */
  liveToolLimit: number;
}

export function rightsOf(platform: Platform, account: AccountRow, email: string): BuilderRights {
  const isAdmin = isAdminAccount(platform, account, email);
  return {
    account,
    isAdmin,
    isLite: isLiteBuilder({ isAdmin, plan: account.plan }),
    liveToolLimit: isAdmin ? LIVE_TOOL_LIMITS.moon! : liveToolLimit(account.plan),
  };
}

/** The caller's builder account with its rights; end users of an app tenant cannot build. */
export async function requireBuilderRights(platform: Platform, caller: Caller): Promise<BuilderRights> {
  return rightsOf(platform, await requireBuilder(platform, caller), caller.email);
}
