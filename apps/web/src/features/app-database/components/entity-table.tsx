import * as React from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { Download, Loader2, Plus, Trash2, Upload } from 'lucide-react';
import {
  databaseTexts,
  entityPermissions,
  isEmptyRow,
  type EntityRecord,
  type EntitySchema,
  type RecordFields,
} from '@buildai/domain';
import { PageError } from '@/components/page-state';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { listAllRecordIds, uploadCellImage } from '../api/records';
import { entityColumns } from '../column-types/entity-columns';
import { CsvImportDialog, exportEntityCsv } from '../csv';
import { useBulkDelete } from '../hooks/use-bulk-delete';
import { useRecords } from '../hooks/use-records';
import { sameValue } from '../lib/cells';
import type { ChatBridge } from '../types';
import { DataTable } from './data-table';
import { DeleteRowsDialog } from './delete-rows-dialog';
import { PermissionControl } from './permission-control';
import type { TableColumn, TableRow } from './table-types';

/** The chat message asking for a new option of a select or multiselect column. */
export function addOptionMessage(entity: string, field: string, option: string): string {
  return `Please add the option "${option}" to the field "${field}" of the entity "${entity}".`;
}

let pendingSeq = 0;

/** One entity's table with its toolbar: permission, add row, delete selected, import and export (spec 001 §4). */
export function EntityTable({
  appId,
  entity,
  schema,
  chat,
}: {
  appId: string;
  entity: string;
  schema: EntitySchema;
  chat: ChatBridge;
}) {
  const { query, records, total, updateField, createRow, remove, forget, refetch } = useRecords(
    appId,
    entity,
  );
  const [pending, setPending] = React.useState<TableRow[]>([]);
  const [confirming, setConfirming] = React.useState<string | null>(null);
  const [rowSelection, setRowSelection] = React.useState<RowSelectionState>({});
  const [askDelete, setAskDelete] = React.useState(false);
  const [importOpen, setImportOpen] = React.useState(false);
  const [exporting, setExporting] = React.useState(false);

  const columns = React.useMemo<TableColumn[]>(
    () =>
      entityColumns(schema).map((c) => ({
        ...c,
        id: String(c.id),
        property: schema.properties[String(c.id)],
      })),
    [schema],
  );
  // a record keeps its row object from page to page (a memoised row renders again only when its record changed),
  // and loading a page allocates rows for that page only
  const rowOf = React.useRef(new WeakMap<EntityRecord, TableRow>());
  const rows = React.useMemo<TableRow[]>(
    () =>
      records.map((r) => {
        let row = rowOf.current.get(r);
        if (!row) rowOf.current.set(r, (row = { key: r.id, id: r.id, fields: r, pending: false }));
        return row;
      }),
    [records],
  );

  const onDeleted = React.useCallback(
    (ids: string[]) => {
      forget(ids);
      setRowSelection((s) => {
        const next = { ...s };
        for (const id of ids) delete next[id];
        return next;
      });
    },
    [forget],
  );
  const bulk = useBulkDelete(remove, onDeleted);
  const selectedIds = React.useMemo(
    () => Object.keys(rowSelection).filter((k) => rowSelection[k]),
    [rowSelection],
  );

  const onCommit = React.useCallback(
    (row: TableRow, columnId: string, value: unknown) => {
      const previous = row.fields[columnId];
      if (sameValue(previous, value)) return;
      if (row.pending) {
        setPending((all) =>
          all.map((p) => (p.key === row.key ? { ...p, fields: { ...p.fields, [columnId]: value } } : p)),
        );
        return;
      }
      void updateField(row.id!, columnId, value, previous);
    },
    [updateField],
  );

  const addRow = () =>
    setPending((all) => [{ key: `pending-${++pendingSeq}`, id: null, fields: {}, pending: true }, ...all]);
  const onDiscardPending = React.useCallback(
    (key: string) => setPending((all) => all.filter((p) => p.key !== key)),
    [],
  );
  const pendingRef = React.useRef(pending);
  pendingRef.current = pending;
  const onConfirmPending = React.useCallback(
    async (key: string) => {
      const row = pendingRef.current.find((p) => p.key === key);
      if (!row) return;
      const fields: RecordFields = Object.fromEntries(
        Object.entries(row.fields).filter(([, v]) => v !== undefined && v !== null && v !== ''),
      );
      if (isEmptyRow(fields)) return toastError(databaseTexts.emptyRow);
      setConfirming(key);
      const created = await createRow(fields);
      setConfirming(null);
      if (created) setPending((all) => all.filter((p) => p.key !== key));
    },
    [createRow],
  );
  const onRequestOption = React.useCallback(
    (columnId: string, label: string) => {
      if (chat.busy) return toastError('Please wait for chat to finish before asking for a change');
      chat
        .request(addOptionMessage(entity, columnId, label))
        .catch(() => toastError('The chat could not take the request', 'Try again in a moment.'));
    },
    [chat, entity],
  );

  // "Select all" takes the loaded rows; this takes every record, as Airtable does (issue 32, item 10)
  const [selectingAll, setSelectingAll] = React.useState(false);
  const selectAllMatching = React.useCallback(async () => {
    setSelectingAll(true);
    try {
      const ids = await listAllRecordIds(appId, entity);
      setRowSelection(Object.fromEntries(ids.map((id) => [id, true])));
    } catch (error) {
      toastError('The rows could not be selected', errorMessage(error));
    } finally {
      setSelectingAll(false);
    }
  }, [appId, entity]);

  const onUploadImage = React.useCallback((file: File) => uploadCellImage(appId, file), [appId]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportEntityCsv({ appId, entity, schema });
    } catch (error) {
      toastError('Failed to export data', errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const body = query.isPending ? (
    <div role="status" aria-label="Loading records" className="grid gap-2 rounded-lg border p-3">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-7 w-full" />
      ))}
    </div>
  ) : query.isError ? (
    <PageError
      className="min-h-[300px] rounded-lg border"
      title="The records could not be loaded"
      message={errorMessage(query.error)}
      onRetry={() => void query.refetch()}
    />
  ) : (
    <DataTable
      entity={entity}
      columns={columns}
      rows={rows}
      pending={pending}
      rowSelection={rowSelection}
      onRowSelectionChange={setRowSelection}
      onCommit={onCommit}
      onConfirmPending={(key) => void onConfirmPending(key)}
      onDiscardPending={onDiscardPending}
      onRequestOption={onRequestOption}
      onUploadImage={onUploadImage}
      chat={chat}
      total={total}
      onSelectAllMatching={() => void selectAllMatching()}
      selectingAll={selectingAll}
      hasNextPage={query.hasNextPage}
      fetchingNextPage={query.isFetchingNextPage}
      fetchNextPage={() => void query.fetchNextPage()}
      empty={
        <div className="text-center">
          <p className="text-sm font-medium">No rows yet</p>
          <p className="mt-1 text-xs text-muted-foreground">
            Add a row, import a CSV, or ask the chat for sample data.
          </p>
        </div>
      }
    />
  );

  return (
    <div className="flex min-w-0 flex-col gap-3" aria-busy={confirming !== null || undefined}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="mr-1 hidden truncate text-base font-semibold @3xl:block">{entity}</h3>
        <PermissionControl entity={entity} permissions={entityPermissions(schema)} chat={chat} />
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {bulk.progress ? (
            <div className="flex items-center gap-2" role="status" aria-label="Deleting rows">
              <span className="text-xs text-muted-foreground tabular-nums">
                Deleting… {bulk.progress.percent}%
              </span>
              <Progress value={bulk.progress.percent} className="w-28" aria-label="Delete progress" />
              <Button size="sm" variant="outline" onClick={bulk.cancel}>
                Cancel
              </Button>
            </div>
          ) : (
            selectedIds.length > 0 && (
              <Button size="sm" variant="destructive" onClick={() => setAskDelete(true)}>
                <Trash2 /> Delete {selectedIds.length}
              </Button>
            )
          )}
          <Button
            size="sm"
            variant="outline"
            onClick={() => setImportOpen(true)}
            aria-label="Import"
            title="Import a CSV file"
          >
            <Upload /> <span className="hidden @lg:inline">Import</span>
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void exportCsv()}
            disabled={exporting}
            aria-label="Export"
            title="Export as CSV"
          >
            {exporting ? <Loader2 className="animate-spin" /> : <Download />}{' '}
            <span className="hidden @lg:inline">Export</span>
          </Button>
          <Button size="sm" onClick={addRow} disabled={query.isPending || query.isError}>
            <Plus /> Add row
          </Button>
        </div>
      </div>
      {body}
      <DeleteRowsDialog
        open={askDelete}
        count={selectedIds.length}
        onOpenChange={setAskDelete}
        onConfirm={() => {
          setAskDelete(false);
          void bulk.run(selectedIds);
        }}
      />
      <CsvImportDialog
        appId={appId}
        entity={entity}
        schema={schema}
        open={importOpen}
        onOpenChange={setImportOpen}
        onImported={() => void refetch()}
      />
    </div>
  );
}
