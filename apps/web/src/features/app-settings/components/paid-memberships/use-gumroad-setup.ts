import * as React from 'react';
import { moneyMessages, type AppSettings, type AppView, type PaymentProduct } from '@buildai/domain';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage, isAppError } from '@/lib/api-client';
import { useConnectPayments, useStoredTokenProducts, useTokenProducts } from '../../api/payments';

interface Options {
  app: AppView;
  settings: AppSettings;
  onChange: (patch: Partial<AppSettings>) => void;
  /** the section is on and unlocked: only then is Gumroad asked anything */
  active: boolean;
}

/** 'Failed to fetch Gumroad products', with the server's reason below it when it says more. */
function toastProductsFailed(err: unknown) {
  const reason = errorMessage(err);
  toastError(moneyMessages.productsFailed, reason === moneyMessages.productsFailed ? undefined : reason);
}

/** The server's message for a failed connect, or the spec's default when there is none (spec 001 §7). */
export function connectFailure(err: unknown): string {
  if (isAppError(err) && err.code !== 'internal' && err.code !== 'network' && err.message) return err.message;
  return moneyMessages.connectFailed;
}

/**
 * The Gumroad setup of an app (spec 001 §4): token → products → product → Connect. The token is checked by listing
 * its products; once accepted it goes into the settings (saved by the autosave, stored encrypted by the server)
 * and is never shown again; a stored token lists its products without the browser ever holding it.
 */
export function useGumroadSetup({ app, settings, onChange, active }: Options) {
  const appId = app.appId;
  const membership = settings.paidMembershipsSettings;
  const serverHasToken =
    membership.hasPaymentProviderAccessToken ||
    app.appSettings.paidMembershipsSettings?.hasPaymentProviderAccessToken === true;
  const [replacing, setReplacing] = React.useState(false);
  const typed = useTokenProducts(appId);
  const typedAccepted = typed.isSuccess;
  const stored = useStoredTokenProducts(appId, active && serverHasToken && !typedAccepted && !replacing);

  // a stored token that Gumroad refuses (revoked, say) is told once per failure
  const storedErrorAt = stored.errorUpdatedAt;
  React.useEffect(() => {
    if (stored.isError) toastProductsFailed(stored.error);
  }, [stored.isError, stored.error, storedErrorAt]);

  const checkToken = (token: string) =>
    typed.mutate(token, {
      onSuccess: () => {
        onChange({ gumroadAccessToken: token });
        setReplacing(false);
      },
      onError: toastProductsFailed,
    });

  const connectedProduct = membership.isSetupCompleted ? settings.paidMembershipsProduct : null;
  const [picked, setPicked] = React.useState<string | null>(settings.paidMembershipsProduct?.id ?? null);
  const [pendingChange, setPendingChange] = React.useState<PaymentProduct | null>(null);
  const connect = useConnectPayments(appId);

  const products = replacing ? undefined : (typed.data?.products ?? stored.data?.products);

  const connectProduct = (productId: string) =>
    connect.mutate(
      { productId, settings },
      {
        onSuccess: (res) => {
          onChange({
            paidMembershipsProduct: res.paidMembershipsProduct,
            paidMembershipsSettings: res.paidMembershipsSettings,
            // saved just before connecting: the browser need not hold (nor send again) the token
            gumroadAccessToken: undefined,
          });
          setPicked(res.paidMembershipsProduct.id);
          toast({ title: moneyMessages.connected });
        },
        onError: (err) => toastError(connectFailure(err)),
      },
    );

  const pick = (productId: string) => {
    if (connectedProduct && productId !== connectedProduct.id) {
      const product = products?.find((p) => p.id === productId) ?? null;
      if (product) setPendingChange(product);
      return;
    }
    setPicked(productId);
  };

  return {
    tokenSaved: (serverHasToken || typedAccepted) && !replacing,
    checkingToken: typed.isPending,
    checkToken,
    replaceToken: () => {
      typed.reset();
      setReplacing(true);
    },
    keepToken: serverHasToken && replacing ? () => setReplacing(false) : undefined,
    products,
    productsLoading: stored.isFetching && !stored.data,
    productsFailed: !replacing && !typedAccepted && stored.isError,
    refreshProducts: () => {
      if (typedAccepted && typed.variables) checkToken(typed.variables);
      else void stored.refetch();
    },
    picked,
    pick,
    connectedProduct,
    connected: connectedProduct !== null && picked === connectedProduct.id,
    connecting: connect.isPending,
    connect: () => picked && connectProduct(picked),
    pendingChange,
    confirmChange: () => {
      if (pendingChange) connectProduct(pendingChange.id);
      setPendingChange(null);
    },
    cancelChange: () => setPendingChange(null),
  };
}
