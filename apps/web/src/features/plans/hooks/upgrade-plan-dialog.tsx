import * as React from 'react';
import { useSearchParams } from 'react-router';
import { UpgradePlanDialog, type UpgradePlanDialogMode } from '../components/upgrade-plan-dialog';
import { usePurchasePolling, type PurchaseState } from './use-purchase-polling';

/** `?goto=upgrade_app_plan` opens the dialog (spec 000 §2 query params). */
export const GOTO_PARAM = 'goto';
export const GOTO_UPGRADE_PLAN = 'upgrade_app_plan';
/** The payment page sends the buyer back with `?sale_id=` (spec 001 §2). */
export const SALE_ID_PARAM = 'sale_id';

export type OpenableMode = Exclude<UpgradePlanDialogMode, 'none'>;

export interface OpenUpgradePlanOptions {
  /** show an app's membership plans instead of the builder plans */
  appId?: string | null;
  /** names the tool in the single-plan header */
  toolName?: string | null;
  /** show the demo banner */
  demo?: boolean;
}

export interface UpgradePlanDialogApi {
  mode: UpgradePlanDialogMode;
  open: (mode?: OpenableMode, options?: OpenUpgradePlanOptions) => void;
  close: () => void;
  /** the purchase being confirmed after a payment (idle when none) */
  purchase: PurchaseState;
}

interface ContextValue extends UpgradePlanDialogApi {
  /** a screen showing the plans inline (/joinPlan) reports itself, so a purchase shows there, not in a dialog */
  registerInline: () => () => void;
}

const UpgradePlanDialogContext = React.createContext<ContextValue | null>(null);

/**
 * Hosts the Upgrade plan dialog for the signed-in shell: opened by `open(mode)`, by `?goto=upgrade_app_plan` (the
 * param is removed when the dialog closes), and after a purchase by `?sale_id=` (the account is polled meanwhile).
 */
export function UpgradePlanDialogProvider({ children }: { children: React.ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const gotoOpen = searchParams.get(GOTO_PARAM) === GOTO_UPGRADE_PLAN;
  const urlSaleId = searchParams.get(SALE_ID_PARAM)?.trim() || null;

  const [dialog, setDialog] = React.useState<{
    mode: UpgradePlanDialogMode;
    options: OpenUpgradePlanOptions;
  }>({
    mode: 'none',
    options: {},
  });
  const [saleId, setSaleId] = React.useState<string | null>(null);
  const inlineViews = React.useRef(0);
  const purchase = usePurchasePolling(saleId);

  // a new sale id in the address: confirm it, in the dialog unless the plans are already on the page
  const handledSaleId = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (!urlSaleId || handledSaleId.current === urlSaleId) return;
    handledSaleId.current = urlSaleId;
    setSaleId(urlSaleId);
    if (inlineViews.current === 0) setDialog({ mode: 'showPlan', options: {} });
  }, [urlSaleId]);

  const mode: UpgradePlanDialogMode = dialog.mode !== 'none' ? dialog.mode : gotoOpen ? 'default' : 'none';

  const open = React.useCallback((next: OpenableMode = 'default', options: OpenUpgradePlanOptions = {}) => {
    setDialog({ mode: next, options });
  }, []);

  const polling = purchase.status === 'polling';
  const close = React.useCallback(() => {
    setDialog({ mode: 'none', options: {} });
    // a check still running goes on in the background and updates the account when it ends
    if (!polling) setSaleId(null);
    setSearchParams(
      (prev) => {
        if (!prev.has(GOTO_PARAM) && !prev.has(SALE_ID_PARAM)) return prev;
        const next = new URLSearchParams(prev);
        if (next.get(GOTO_PARAM) === GOTO_UPGRADE_PLAN) next.delete(GOTO_PARAM);
        next.delete(SALE_ID_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [polling, setSearchParams]);

  const registerInline = React.useCallback(() => {
    inlineViews.current += 1;
    return () => {
      inlineViews.current -= 1;
    };
  }, []);

  const value = React.useMemo<ContextValue>(
    () => ({ mode, open, close, purchase, registerInline }),
    [mode, open, close, purchase, registerInline],
  );

  const forApp = Boolean(dialog.options.appId);
  return (
    <UpgradePlanDialogContext.Provider value={value}>
      {children}
      <UpgradePlanDialog
        mode={mode}
        onClose={close}
        appId={dialog.options.appId}
        toolName={dialog.options.toolName}
        demo={dialog.options.demo}
        // a purchase is of a builder plan: an app's membership plans do not show it
        purchase={forApp ? null : purchase}
      />
    </UpgradePlanDialogContext.Provider>
  );
}

/** Opens the Upgrade plan dialog from any screen of the signed-in shell: `open('default')`, `open('showPlan')`. */
export function useUpgradePlanDialog(): UpgradePlanDialogApi {
  const ctx = React.useContext(UpgradePlanDialogContext);
  if (!ctx) throw new Error('useUpgradePlanDialog must be used within an UpgradePlanDialogProvider.');
  return ctx;
}

/**
 * For a screen that shows the plans inline: the purchase being confirmed (shown there instead of in the dialog).
 * Works outside the provider too (no purchase then).
 */
export function useInlinePlans(): PurchaseState | null {
  const ctx = React.useContext(UpgradePlanDialogContext);
  const register = ctx?.registerInline;
  React.useLayoutEffect(() => register?.(), [register]);
  return ctx?.purchase ?? null;
}
