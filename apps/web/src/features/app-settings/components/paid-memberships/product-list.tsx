import { AlertTriangle, PackageOpen, RefreshCw } from 'lucide-react';
import type { PaymentProduct } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** "$10/month · $96/year", "$25 one time": what a buyer pays, in the product's currency. */
export function productPrice(product: PaymentProduct): string {
  const money = (cents: number) => {
    try {
      return new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: product.currency.toUpperCase() || 'USD',
        minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
      }).format(cents / 100);
    } catch {
      return `${(cents / 100).toFixed(2)} ${product.currency}`;
    }
  };
  if (!product.isSubscription) return `${money(product.priceCents)} one time`;
  const yearly = product.yearlyPriceCents === null ? '' : ` · ${money(product.yearlyPriceCents)}/year`;
  return `${money(product.priceCents)}/month${yearly}`;
}

interface Props {
  products: PaymentProduct[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  selected: string | null;
  /** the product the app is connected to */
  connectedId: string | null;
  disabled?: boolean;
  onPick: (productId: string) => void;
}

/** The token's products to choose the membership from, with loading, empty and failed states. */
export function ProductList({
  products,
  loading,
  failed,
  onRetry,
  selected,
  connectedId,
  disabled,
  onPick,
}: Props) {
  if (loading) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading your Gumroad products">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (failed) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm">
        <span className="flex items-center gap-2 text-destructive">
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
          Your products could not be loaded.
        </span>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw />
          Try again
        </Button>
      </div>
    );
  }
  if (!products) return null;
  if (products.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-md border border-dashed px-4 py-5 text-center">
        <PackageOpen className="size-5 text-muted-foreground" aria-hidden />
        <p className="mt-2 text-sm font-medium">No products in this Gumroad account yet</p>
        <p className="mt-1 text-xs text-muted-foreground">
          Create a membership product in Gumroad, then refresh the list.
        </p>
        <Button type="button" variant="outline" size="sm" className="mt-3" onClick={onRetry}>
          <RefreshCw />
          Refresh
        </Button>
      </div>
    );
  }
  return (
    <RadioGroup
      aria-label="Membership product"
      value={selected ?? ''}
      onValueChange={onPick}
      disabled={disabled}
      className="gap-2"
    >
      {products.map((p) => (
        <RadioGroupItem
          key={p.id}
          value={p.id}
          aria-label={p.name}
          className={cn(
            'flex items-center justify-between gap-3 rounded-md border px-3 py-2.5 text-left transition-colors hover:bg-accent/50',
            'data-[state=checked]:border-primary data-[state=checked]:bg-accent/60 data-[state=checked]:ring-1 data-[state=checked]:ring-primary/40',
          )}
        >
          <span className="grid min-w-0 gap-0.5">
            <span className="truncate text-sm font-medium">{p.name}</span>
            <span className="text-xs text-muted-foreground">{productPrice(p)}</span>
          </span>
          {p.id === connectedId && (
            <span className="shrink-0 rounded-md bg-emerald-50 px-1.5 py-0.5 text-[11px] font-medium text-emerald-700">
              Connected
            </span>
          )}
        </RadioGroupItem>
      ))}
    </RadioGroup>
  );
}
