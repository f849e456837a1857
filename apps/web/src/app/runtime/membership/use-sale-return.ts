import * as React from 'react';
import { SALE_ID_PARAM } from '@buildai/domain';
import { usePurchasePolling, type PurchaseState } from '@/features/plans/hooks/use-purchase-polling';
import { getToken, mightHaveSession, refreshSession } from '@/lib/session';
import { leavePage } from './leave-page';
import { sessionClaims } from './session-claims';

/** The app's page without the payment page's `sale_id`: where sign-up returns, and the address once confirmed. */
export function pageWithoutSale(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete(SALE_ID_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The app's own sign-up, carrying the sale so account creation links it (spec 000 §2, §4). */
export function signUpPath(appId: string, saleId: string): string {
  const query = new URLSearchParams({
    appId,
    mode: 'signup',
    sale_id: saleId,
    redirectTo: pageWithoutSale(),
  });
  return `/login?${query.toString()}`;
}

export type SaleReturn =
  | { status: 'none' }
  /** on the way to the app's sign-up (a visitor who is not signed in to the app) */
  | { status: 'signing-up' }
  | { status: 'checking'; purchase: PurchaseState };

/**
 * Back from the product's payment page with `?sale_id=` (spec 001 §2, §4, §9): a visitor who is not signed in to
 * the app goes to its sign-up with the sale; a signed-in end user's account is polled every 4 s, 15 times at most,
 * until the sale shows, and then the address drops the sale id.
 */
export function useSaleReturn(appId: string, onConfirmed: () => Promise<unknown>): SaleReturn {
  const [saleId, setSaleId] = React.useState(() =>
    new URLSearchParams(window.location.search).get(SALE_ID_PARAM),
  );
  const [signedIn, setSignedIn] = React.useState<boolean | null>(null);

  React.useEffect(() => {
    if (!saleId) return;
    let cancelled = false;
    // a visitor whose id token expired may still have a session: get it back before deciding
    const ready = getToken() === null && mightHaveSession() ? refreshSession() : Promise.resolve(true);
    void ready.then(() => {
      if (cancelled) return;
      if (sessionClaims()?.tenantId === appId) setSignedIn(true);
      else {
        setSignedIn(false);
        leavePage(signUpPath(appId, saleId));
      }
    });
    return () => {
      cancelled = true;
    };
  }, [appId, saleId]);

  const purchase = usePurchasePolling(signedIn ? saleId : null);
  const confirmed = React.useRef(onConfirmed);
  React.useEffect(() => {
    confirmed.current = onConfirmed;
  });
  React.useEffect(() => {
    if (purchase.status !== 'confirmed') return;
    window.history.replaceState(window.history.state, '', pageWithoutSale());
    // the dialog keeps 'Refreshing your account...' until the app's status says the visitor is a member
    void confirmed.current().finally(() => setSaleId(null));
  }, [purchase.status]);

  if (!saleId) return { status: 'none' };
  if (signedIn === false) return { status: 'signing-up' };
  return { status: 'checking', purchase };
}
