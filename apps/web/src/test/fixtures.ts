import type { Account } from '@buildai/domain';

/** A signed-in builder's account as `account/current` answers it; override what a test needs. */
export function makeAccount(over: Partial<Account> = {}): Account {
  return {
    accountId: 'acc_1',
    accountType: 'builder',
    plan: 'lite',
    hasPaidAppPackage: false,
    subscriptionId: null,
    planSubscriptionStatus: null,
    planSubscriptionCancelledAt: null,
    appId: null,
    appHeader: null,
    hasBusinessInfo: false,
    isAdmin: false,
    email: 'maker@example.com',
    emailVerified: true,
    tenantId: 'platform',
    subscriptionPaymentsIds: [],
    ...over,
  };
}
