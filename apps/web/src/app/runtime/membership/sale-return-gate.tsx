import type * as React from 'react';
import { GateView, useMembershipRecheck, type MembershipGateState } from './membership-gate';
import { useSaleReturn } from './use-sale-return';

/** The membership gate on a return from the payment page (`?sale_id=`): it follows the sale through. */
export default function SaleReturnGate({
  appId,
  children,
}: {
  appId: string;
  children: (gate: MembershipGateState) => React.ReactNode;
}) {
  const saleReturn = useSaleReturn(appId, useMembershipRecheck(appId));
  return (
    <GateView appId={appId} saleReturn={saleReturn}>
      {children}
    </GateView>
  );
}
