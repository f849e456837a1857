import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SALE_ID_PARAM } from '@buildai/domain';
import { membershipQuery } from './membership-api';
import { sessionClaims } from './session-claims';
import type { SaleReturn } from './use-sale-return';

// The dialog and the plan view load only for an app that asks for a membership, and the purchase check (the
// account's client and schemas) only on a return from the payment page (docs/decisions/0005 "Page weight").
const MembershipDialog = React.lazy(() => import('./membership-dialog'));
const SaleReturnGate = React.lazy(() => import('./sale-return-gate'));

const NO_SALE: SaleReturn = { status: 'none' };

interface GateProps {
  appId: string;
  children: (gate: MembershipGateState) => React.ReactNode;
}

export interface MembershipGateState {
  /** whether the app's status is known (a space app waits for it to choose its document's address) */
  known: boolean;
  /** the app asks for a membership */
  required: boolean;
  /** the app asks for one and the visitor has none (nor owns the app) */
  locked: boolean;
  /** a run, page or data call was refused with `payments/membership-required`: show the plan again */
  onRefused: () => void;
  /** opens the plan dialog */
  openPlan: () => void;
}

/**
 * An app's public pages behind its paid membership (decision 0009, "Where the plan dialog shows"): when the app
 * asks for one and the visitor is not a member, the plan dialog opens over the page; a refusal from the server
 * opens it again; a return from the payment page is followed through sign-up or the account's confirmation.
 */
export function MembershipGate({ appId, children }: GateProps) {
  const [fromPayment] = React.useState(() => new URLSearchParams(window.location.search).has(SALE_ID_PARAM));
  if (!fromPayment)
    return (
      <GateView appId={appId} saleReturn={NO_SALE}>
        {children}
      </GateView>
    );
  return (
    <React.Suspense fallback={null}>
      <SaleReturnGate appId={appId}>{children}</SaleReturnGate>
    </React.Suspense>
  );
}

/** Re-asks the app's membership status (after a confirmed purchase, or a refusal). */
export function useMembershipRecheck(appId: string): () => Promise<unknown> {
  const queryClient = useQueryClient();
  const { queryKey } = membershipQuery(appId);
  return React.useCallback(() => queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);
}

/** The gate itself, given where a return from the payment page stands. */
export function GateView({ appId, saleReturn, children }: GateProps & { saleReturn: SaleReturn }) {
  const status = useQuery(membershipQuery(appId));
  const [dismissed, setDismissed] = React.useState(false);
  const recheck = useMembershipRecheck(appId);

  const required = status.data?.required === true;
  const locked = required && !status.data?.isMember;
  const onRefused = React.useCallback(() => {
    setDismissed(false);
    void recheck();
  }, [recheck]);
  const openPlan = React.useCallback(() => setDismissed(false), []);

  const waiting =
    saleReturn.status === 'signing-up' ||
    (saleReturn.status === 'checking' && saleReturn.purchase.status !== 'timeout');
  const showDialog = status.data && (waiting || (locked && !dismissed));
  return (
    <>
      {children({ known: !status.isPending, required, locked, onRefused, openPlan })}
      {showDialog && (
        <React.Suspense fallback={null}>
          <MembershipDialog
            status={status.data!}
            saleReturn={saleReturn}
            email={sessionClaims()?.tenantId === appId ? (sessionClaims()?.email ?? null) : null}
            onClose={() => setDismissed(true)}
          />
        </React.Suspense>
      )}
    </>
  );
}
