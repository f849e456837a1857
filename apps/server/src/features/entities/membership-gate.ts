import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireMembership } from '../memberships';

/**
 * What the records' statements read of the app for its membership gate, in the same round trip as the caller and
 * the records (columns `paid_on`, `setup_done`, `gate_product`, `owner_account_id`, `exempt`).
 */
export interface GateRow {
  paid_on: boolean;
  setup_done: boolean;
  gate_product: string | null;
  owner_account_id: string;
  /** the caller is the app's owner or has its `admin` role */
  exempt: boolean;
}

/** The gate's columns, for the statements of `scoped-reads.ts` and `access.ts` (`a` is the app, `acc` and `u` the caller). */
export const GATE_COLUMNS = `coalesce(a.app_settings->'isPaidMembershipsEnabled' = 'true'::jsonb, false) as paid_on,
    coalesce(a.app_settings #> '{paidMembershipsSettings,isSetupCompleted}' = 'true'::jsonb, false) as setup_done,
    a.app_settings #>> '{paidMembershipsProduct,id}' as gate_product,
    a.owner_account_id,
    coalesce(acc.user_id is not null or u.app_role = 'admin', false) as exempt`;

export interface PassMembershipGateOptions {
  platform: Platform;
  caller: Caller | null;
  appId: string;
  gate: GateRow;
}

/**
 * An app with paid memberships serves its records to members, its owner and admins only (402
 * `payments/membership-required` otherwise); with memberships off nothing more is read.
 */
export async function passMembershipGate({
  platform,
  caller,
  appId,
  gate,
}: PassMembershipGateOptions): Promise<void> {
  await requireMembership({
    platform,
    caller,
    app: { appId, ownerAccountId: gate.owner_account_id },
    settings: {
      isPaidMembershipsEnabled: gate.paid_on,
      paidMembershipsSettings: { isSetupCompleted: gate.setup_done },
      paidMembershipsProduct: gate.gate_product ? { id: gate.gate_product } : null,
    },
    exempt: gate.exempt,
  });
}
