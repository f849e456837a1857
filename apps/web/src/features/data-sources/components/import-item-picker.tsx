import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertCircle, RotateCw } from 'lucide-react';
import { AppError } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { contextKeys, fetchContextItems } from '../api/context-items';
import {
  useImportableItems,
  useImportItems,
  type ImportableItem,
  type IntegrationProvider,
} from '../api/integrations';
import { accountConnectors } from '../connectors';
import { isPlanLimit, saveErrorMessage, typeLabel } from '../lib/data-rules';
import { TypeIcon } from './type-icon';

export const loadFailedMessage = (provider: IntegrationProvider) =>
  `Could not load your ${accountConnectors[provider].name} items`;
export const importedMessage = (count: number, provider: IntegrationProvider) =>
  `${count === 1 ? '1 item' : `${count} items`} imported from ${accountConnectors[provider].name}`;

const keyOf = (item: Pick<ImportableItem, 'provider' | 'providerItemId'>) =>
  `${item.provider}:${item.providerItemId}`;

export interface ImportItemPickerProps {
  appId: string;
  provider: IntegrationProvider;
  /** nothing may be added now (a plan limit the dialog already shows) */
  disabled?: boolean;
  /** the provider refused the stored tokens: the builder has to connect again */
  onNotConnected: () => void;
  onImported?: (contextItemIds: string[]) => void;
  onPlanLimit?: (err: AppError) => void;
}

/** What a connected provider offers, with checkboxes, Select all and "Import N". */
export function ImportItemPicker({
  appId,
  provider,
  disabled = false,
  onNotConnected,
  onImported,
  onPlanLimit,
}: ImportItemPickerProps) {
  const { name, empty } = accountConnectors[provider];
  const query = useImportableItems(appId, provider, true);
  const importing = useImportItems(appId);
  // the app's items as the dialog has them (read from the cache, never asked for here): what is already imported
  const existing = useQuery({
    queryKey: contextKeys.items(appId),
    queryFn: ({ signal }) => fetchContextItems(appId, signal),
    enabled: false,
  });
  const added = React.useMemo(
    () =>
      new Set(
        (existing.data?.contextItems ?? [])
          .filter((item) => item.provider && item.providerItemId)
          .map((item) => keyOf({ provider: item.provider!, providerItemId: item.providerItemId! })),
      ),
    [existing.data],
  );
  const [selected, setSelected] = React.useState<ReadonlySet<string>>(() => new Set());
  const selectAllRef = React.useRef<HTMLInputElement>(null);

  const notConnected = query.error instanceof AppError && query.error.code === 'integration/not-connected';
  const onNotConnectedRef = React.useRef(onNotConnected);
  React.useEffect(() => {
    onNotConnectedRef.current = onNotConnected;
  });
  React.useEffect(() => {
    if (notConnected) onNotConnectedRef.current();
  }, [notConnected]);

  const items = query.data ?? [];
  const choosable = items.filter((item) => !added.has(keyOf(item)));
  const chosen = choosable.filter((item) => selected.has(keyOf(item)));
  const allChosen = choosable.length > 0 && chosen.length === choosable.length;
  const busy = importing.isPending;

  React.useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = chosen.length > 0 && !allChosen;
  }, [chosen.length, allChosen]);

  function toggle(item: ImportableItem, on: boolean) {
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(keyOf(item));
      else next.delete(keyOf(item));
      return next;
    });
  }

  function toggleAll(on: boolean) {
    setSelected(on ? new Set(choosable.map(keyOf)) : new Set());
  }

  async function runImport() {
    if (chosen.length === 0 || busy) return;
    try {
      const ids = await importing.mutateAsync(chosen);
      setSelected(new Set());
      toast({ title: importedMessage(ids.length, provider) });
      onImported?.(ids);
    } catch (err) {
      if (isPlanLimit(err)) {
        toastError(err.message);
        onPlanLimit?.(err);
      } else toastError(saveErrorMessage(err));
    }
  }

  if (notConnected) return null;

  if (query.isPending)
    return (
      <div role="status" aria-label={`Loading your ${name} items`} className="grid gap-2">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-3 rounded-md border p-2">
            <Skeleton className="size-4" />
            <Skeleton className="size-8" />
            <Skeleton className="h-4 flex-1" />
          </div>
        ))}
      </div>
    );

  if (query.isError)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-dashed p-3">
        <AlertCircle className="size-4 text-destructive" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium">{loadFailedMessage(provider)}</p>
          <p className="text-xs text-muted-foreground">{errorMessage(query.error)}</p>
        </div>
        <Button type="button" size="sm" variant="outline" onClick={() => void query.refetch()}>
          <RotateCw /> Retry
        </Button>
      </div>
    );

  const refresh = (
    <Button
      type="button"
      size="icon-sm"
      variant="ghost"
      aria-label={`Refresh the ${name} list`}
      disabled={query.isFetching || busy}
      onClick={() => void query.refetch()}
    >
      <RotateCw className={cn(query.isFetching && 'animate-spin')} />
    </Button>
  );

  if (items.length === 0)
    return (
      <div className="flex items-center gap-3 rounded-md border border-dashed p-3">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium">{empty.title}</p>
          <p className="text-xs text-muted-foreground">{empty.hint}</p>
        </div>
        {refresh}
      </div>
    );

  const listId = `import-${provider}-items`;
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-2">
        <label className="flex flex-1 cursor-pointer items-center gap-2 text-sm font-medium">
          <input
            ref={selectAllRef}
            type="checkbox"
            className="size-4 shrink-0 accent-primary"
            aria-controls={listId}
            checked={allChosen}
            disabled={busy || choosable.length === 0}
            onChange={(e) => toggleAll(e.target.checked)}
          />
          Select all
        </label>
        <span className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
          {chosen.length} of {choosable.length} selected
        </span>
        {refresh}
      </div>
      <ul
        id={listId}
        aria-label={`${name} items`}
        className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-1"
      >
        {items.map((item) => {
          const already = added.has(keyOf(item));
          return (
            <li key={keyOf(item)} className="min-w-0">
              <label
                className={cn(
                  'flex min-w-0 cursor-pointer items-center gap-3 rounded-md p-2 hover:bg-accent/60',
                  already && 'cursor-default opacity-70 hover:bg-transparent',
                )}
              >
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-primary"
                  checked={already || selected.has(keyOf(item))}
                  disabled={already || busy}
                  onChange={(e) => toggle(item, e.target.checked)}
                />
                <TypeIcon type={item.type} className="size-8" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium" title={item.name}>
                    {item.name}
                  </span>
                  <span className="block text-xs text-muted-foreground">{typeLabel(item.type)}</span>
                </span>
                {already && (
                  <Badge variant="muted" className="shrink-0">
                    Added
                  </Badge>
                )}
              </label>
            </li>
          );
        })}
      </ul>
      <div className="flex justify-end">
        <Button type="button" disabled={disabled || busy || chosen.length === 0} onClick={runImport}>
          {busy ? 'Importing…' : `Import ${chosen.length}`}
        </Button>
      </div>
    </div>
  );
}
