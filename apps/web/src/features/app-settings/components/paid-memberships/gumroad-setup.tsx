import { Check, Eye, Link2, Loader2 } from 'lucide-react';
import type { AppSettings, AppView } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ChangeProductDialog } from './change-product-dialog';
import { usePlanPreview } from './plan-preview';
import { ProductList } from './product-list';
import { appPublicAddress, RedirectUrl } from './redirect-url';
import { TokenField } from './token-field';
import { useGumroadSetup } from './use-gumroad-setup';

interface Props {
  app: AppView;
  settings: AppSettings;
  onChange: (patch: Partial<AppSettings>) => void;
  locked: boolean;
}

/** Gumroad as the app's payment provider: access token, product, redirect address, Connect, preview. */
export function GumroadSetup({ app, settings, onChange, locked }: Props) {
  const setup = useGumroadSetup({ app, settings, onChange, active: !locked });
  const showPlan = usePlanPreview();
  const connectedName = setup.connectedProduct?.name ?? '';

  return (
    <div className="grid gap-4 rounded-lg border bg-card p-4">
      <div className="flex items-center justify-between gap-3">
        <div className="grid gap-0.5">
          <p className="text-sm font-semibold">Gumroad</p>
          <p className="text-xs text-muted-foreground">Members pay on Gumroad; your app checks every sale.</p>
        </div>
        {setup.connectedProduct ? (
          <Badge variant="success">
            <Check aria-hidden />
            Connected
          </Badge>
        ) : (
          <Badge variant="muted">Not connected</Badge>
        )}
      </div>

      <TokenField
        saved={setup.tokenSaved}
        checking={setup.checkingToken}
        disabled={locked}
        onToken={setup.checkToken}
        onReplace={setup.replaceToken}
        onKeep={setup.keepToken}
      />

      {(setup.products || setup.productsLoading || setup.productsFailed) && (
        <div className="grid gap-2">
          <p className="text-sm font-medium">Membership product</p>
          <ProductList
            products={setup.products}
            loading={setup.productsLoading}
            failed={setup.productsFailed}
            onRetry={setup.refreshProducts}
            selected={setup.picked}
            connectedId={setup.connectedProduct?.id ?? null}
            disabled={locked || setup.connecting}
            onPick={setup.pick}
          />
        </div>
      )}

      <RedirectUrl address={appPublicAddress(app, settings.customDomain)} />

      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          onClick={setup.connect}
          disabled={locked || !setup.picked || setup.connecting || setup.connected}
        >
          {setup.connecting ? <Loader2 className="animate-spin" /> : setup.connected ? <Check /> : <Link2 />}
          {setup.connecting ? 'Connecting...' : setup.connected ? 'Connected' : 'Connect'}
        </Button>
        {setup.connectedProduct && showPlan && (
          <Button type="button" variant="outline" onClick={() => showPlan({ appId: app.appId })}>
            <Eye />
            Show pricing plan
          </Button>
        )}
      </div>

      <ChangeProductDialog
        from={connectedName}
        to={setup.pendingChange?.name ?? null}
        onConfirm={setup.confirmChange}
        onCancel={setup.cancelChange}
      />
    </div>
  );
}
