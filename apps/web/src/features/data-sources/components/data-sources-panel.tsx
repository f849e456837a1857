import * as React from 'react';
import { AlertCircle, Database, Plus, RotateCw } from 'lucide-react';
import { contextMessages } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useRetryItem, type DataItem } from '../api/context-items';
import { useLiveContextItems } from '../hooks/use-live-items';
import { reachedItemLimit } from '../lib/data-rules';
import { DataItemRow, type ItemAction } from './data-item-row';
import { DataSourcesDialog } from './data-sources-dialog';
import { useItemDialogs } from './item-dialogs';
import { DataLimitBanner, LITE_ITEM_LIMIT_MESSAGE, UpgradeBanner } from './limit-banners';

/** The Custom data source panel of the builder (spec 001 §2) with the Data Sources dialog (spec 000 §2). */
export interface DataSourcesPanelProps {
  appId: string;
  plan: string;
  isAdmin: boolean;
  /** opens the upgrade plan dialog */
  onUpgrade: () => void;
  /** saves an app that has no id yet (the dialog asks for it first) */
  onSaveApp?: () => void;
}

type DialogState = { open: boolean; replacing: DataItem | null };

export function DataSourcesPanel({ appId, plan, onUpgrade, onSaveApp }: DataSourcesPanelProps) {
  const query = useLiveContextItems(appId);
  const retry = useRetryItem(appId);
  const itemDialogs = useItemDialogs(appId);
  const [dialog, setDialog] = React.useState<DialogState>({ open: false, replacing: null });

  // a list that cannot be fetched says so once per failure; a later failure behind a shown list stays quiet
  const failedAt = query.data === undefined && query.isError ? query.errorUpdatedAt : 0;
  React.useEffect(() => {
    if (failedAt) toastError(contextMessages.fetchFailed);
  }, [failedAt]);

  const items = query.data?.contextItems ?? [];
  const hasReachedDataLimit = query.data?.hasReachedDataLimit ?? false;
  const itemLimit = reachedItemLimit(plan, items.length);

  function onAction(item: DataItem, action: ItemAction) {
    if (action === 'rename') itemDialogs.rename(item);
    else if (action === 'delete') itemDialogs.remove(item);
    else if (action === 'replace') setDialog({ open: true, replacing: item });
    else
      retry.mutate(item.id, {
        onError: (err) => toastError(errorMessage(err)),
      });
  }

  const openAdd = () => setDialog({ open: true, replacing: null });

  if (!appId)
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-5 py-8 text-center">
        <Database className="size-5 text-muted-foreground" aria-hidden />
        <p className="text-sm">{contextMessages.saveFirst}</p>
        {onSaveApp && (
          <Button size="sm" onClick={onSaveApp}>
            {contextMessages.saveYourAi}
          </Button>
        )}
      </div>
    );

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {query.data
            ? items.length === 1
              ? '1 data source'
              : `${items.length} data sources`
            : 'Your business data for the AI'}
        </p>
        <Button size="sm" onClick={openAdd} disabled={!query.data}>
          <Plus />
          Add data
        </Button>
      </div>

      {hasReachedDataLimit && <DataLimitBanner plan={plan} onUpgrade={onUpgrade} />}
      {itemLimit && <UpgradeBanner message={LITE_ITEM_LIMIT_MESSAGE} onUpgrade={onUpgrade} />}

      {query.isPending ? (
        <ul className="grid gap-2" aria-label="Loading data sources" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex items-center gap-3 rounded-lg border p-3">
              <Skeleton className="size-9 shrink-0" />
              <div className="grid flex-1 gap-1.5">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </li>
          ))}
        </ul>
      ) : query.data === undefined && query.isError ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-5 py-8 text-center">
          <AlertCircle className="size-5 text-destructive" aria-hidden />
          <p className="text-sm font-medium">Your data sources could not be loaded</p>
          <p className="text-xs text-muted-foreground">{errorMessage(query.error)}</p>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            <RotateCw />
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed px-5 py-8 text-center">
          <div className="flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Database className="size-5" aria-hidden />
          </div>
          <h3 className="mt-3 text-sm font-semibold">No data sources yet</h3>
          <p className="mt-1 max-w-xs text-xs leading-relaxed text-muted-foreground">
            Add text, a CSV list of items or documents, and your AI answers with your business data.
          </p>
          <Button size="sm" className="mt-4" onClick={openAdd}>
            <Plus />
            Add data
          </Button>
        </div>
      ) : (
        <ul className="grid gap-2" aria-label="Data sources">
          {items.map((item) => (
            <DataItemRow
              key={item.id}
              item={item}
              retrying={retry.isPending && retry.variables === item.id}
              onAction={(action) => onAction(item, action)}
            />
          ))}
        </ul>
      )}

      <DataSourcesDialog
        appId={appId}
        plan={plan}
        open={dialog.open}
        replacing={dialog.replacing}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onUpgrade={onUpgrade}
        items={items}
        hasReachedDataLimit={hasReachedDataLimit}
        onRename={itemDialogs.rename}
        onDelete={itemDialogs.remove}
        onSaveApp={onSaveApp}
      />
      {itemDialogs.dialogs}
    </div>
  );
}
