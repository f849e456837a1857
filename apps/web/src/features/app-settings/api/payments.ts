import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppSettings, AppView, ConnectPaymentsResponse, PaymentProductsResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { cacheSavedSettings, saveSettings } from '@/lib/builder-api/save-settings';

const base = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/payments`;

/** Cache keys of the app's payment provider. */
export const paymentQueryKeys = {
  /** the products of the token the server keeps for the app */
  storedProducts: (appId: string) => ['payments', appId, 'products'] as const,
};

/**
 * GET /api/apps/{appId}/payments/products?appId=&accessToken= (spec 001 §7): the Gumroad products of `accessToken`,
 * or of the token the server keeps for the app when none is given.
 */
export function fetchPaymentProducts(
  appId: string,
  accessToken?: string | null,
  signal?: AbortSignal,
): Promise<PaymentProductsResponse> {
  const query = new URLSearchParams({ appId });
  if (accessToken) query.set('accessToken', accessToken);
  return api<PaymentProductsResponse>(`${base(appId)}/products?${query.toString()}`, { signal });
}

/** POST /api/apps/{appId}/payments/connect {productId} */
export function connectPayments(appId: string, productId: string): Promise<ConnectPaymentsResponse> {
  return api<ConnectPaymentsResponse>(`${base(appId)}/connect`, { body: { productId } });
}

/** The products of the stored token (the token itself never comes back to the browser). */
export function useStoredTokenProducts(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentQueryKeys.storedProducts(appId),
    queryFn: ({ signal }) => fetchPaymentProducts(appId, null, signal),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** The products of a token the builder just typed (a mutation: it runs once per settled token). */
export function useTokenProducts(appId: string) {
  return useMutation({
    mutationFn: (accessToken: string) => fetchPaymentProducts(appId, accessToken),
  });
}

/**
 * Connect: the settings are saved first (the server connects with the token it keeps and checks the sign-up
 * settings it keeps, while the autosave may still be waiting to send a token typed or a switch turned a moment ago),
 * then the product is connected and the app's cached settings follow.
 */
export function useConnectPayments(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ productId, settings }: { productId: string; settings: AppSettings }) => {
      cacheSavedSettings(queryClient, appId, await saveSettings(appId, settings));
      return connectPayments(appId, productId);
    },
    onSuccess: (res) => {
      queryClient.setQueryData<AppView>(queryKeys.app(appId), (view) =>
        view ? { ...view, appSettings: { ...view.appSettings, ...res } } : view,
      );
    },
  });
}
