import * as React from 'react';
import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type SortingFn,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { columnType } from '../column-types/registry';
import {
  ADD_COLUMN_ID,
  COLUMN_DEFAULT_WIDTH,
  COLUMN_MAX_WIDTH,
  COLUMN_MIN_WIDTH,
  TABLE_HEIGHT_PX,
  TABLE_ROW_HEIGHT_PX,
} from '../lib/constants';
import type { ChatBridge } from '../types';
import { AddColumnHeader } from './add-column';
import { ColumnHeader } from './column-header';
import { LongTextDialog } from './long-text-dialog';
import { SELECT_COLUMN, SELECT_WIDTH, type RowActions } from './data-row';
import type { CellActions, TableColumn, TableRow } from './table-types';
import { VirtualRows } from './virtual-rows';

const ADD_COLUMN = String(ADD_COLUMN_ID);
const ADD_COLUMN_WIDTH = 56;

// values of any type: empty last, numbers as numbers, the rest as text
const compareValues: SortingFn<TableRow> = (a, b, columnId) => {
  const x = a.original.fields[columnId];
  const y = b.original.fields[columnId];
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(x) || empty(y)) return empty(x) === empty(y) ? 0 : empty(x) ? 1 : -1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  const s = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));
  return s(x).localeCompare(s(y), undefined, { numeric: true });
};

interface Props {
  entity: string;
  columns: TableColumn[];
  /** saved records (newest first) */
  rows: TableRow[];
  /** new rows waiting for their check mark, shown on top */
  pending: TableRow[];
  rowSelection: RowSelectionState;
  onRowSelectionChange: (next: RowSelectionState) => void;
  onCommit: (row: TableRow, columnId: string, value: unknown) => void;
  onConfirmPending: (key: string) => void;
  onDiscardPending: (key: string) => void;
  onRequestOption: (columnId: string, label: string) => void;
  onUploadImage: (file: File) => Promise<string>;
  chat: ChatBridge;
  /** every record in all, when the server said (the footer, "Select all"); null when not known */
  total: number | null;
  /** selects every record, also those not loaded yet; null while it cannot be offered */
  onSelectAllMatching: (() => void) | null;
  selectingAll: boolean;
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  fetchNextPage: () => void;
  /** shown in the body when there are no rows */
  empty: React.ReactNode;
}

/**
 * The data table (spec 001 §3 "Data table column", §4, §9): TanStack Table for columns, sorting, visibility, sizing
 * and selection, TanStack Virtual for the rows (480 px high, 40 px rows): only the rows in view are in the page.
 * Column widths are CSS variables on the table, so resizing renders no row; rows and cells are memoised.
 */
export function DataTable(props: Props) {
  const { columns, rows, pending, rowSelection, onRowSelectionChange } = props;
  const [sorting, setSorting] = React.useState<SortingState>([]);
  const [columnVisibility, setColumnVisibility] = React.useState<VisibilityState>({});
  const [editing, setEditing] = React.useState<{ rowKey: string; columnId: string } | null>(null);
  const [modal, setModal] = React.useState<{ rowKey: string; columnId: string } | null>(null);

  const columnDefs = React.useMemo<ColumnDef<TableRow>[]>(
    () => [
      {
        id: SELECT_COLUMN,
        size: SELECT_WIDTH,
        enableResizing: false,
        enableSorting: false,
        enableHiding: false,
      },
      ...columns.map<ColumnDef<TableRow>>((c) => ({
        id: c.id,
        accessorFn: (row) => row.fields[c.id],
        // the read-only columns (a date, an id) start at the default width: 100 px does not show them
        size: c.readonly ? COLUMN_DEFAULT_WIDTH : columnType(c.dataType).width,
        sortingFn: compareValues,
      })),
      {
        id: ADD_COLUMN,
        size: ADD_COLUMN_WIDTH,
        enableResizing: false,
        enableSorting: false,
        enableHiding: false,
      },
    ],
    [columns],
  );

  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    defaultColumn: { size: COLUMN_DEFAULT_WIDTH, minSize: COLUMN_MIN_WIDTH, maxSize: COLUMN_MAX_WIDTH },
    state: { sorting, columnVisibility },
    onSortingChange: setSorting,
    onColumnVisibilityChange: setColumnVisibility,
    getRowId: (row) => row.key,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    columnResizeMode: 'onChange',
    // rows are selected by the table's own state below: the row model (one object per row) is built only to sort
    enableRowSelection: false,
  });

  const byId = React.useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const visibleColumns = React.useMemo(
    () => columns.filter((c) => columnVisibility[c.id] !== false),
    [columns, columnVisibility],
  );
  const hidden = columns.length - visibleColumns.length;

  // 100,000 loaded rows cost nothing per page as they are; TanStack's row model is built only while sorting
  const sortedRows = React.useMemo(
    () => (sorting.length ? table.getRowModel().rows.map((r) => r.original) : rows),
    [sorting, rows, table],
  );
  const allRows = React.useMemo(
    () => (pending.length ? [...pending, ...sortedRows] : sortedRows),
    [pending, sortedRows],
  );
  const findRow = (key: string) => latest.current.allRows.find((r) => r.key === key);

  const { columnSizing, columnSizingInfo } = table.getState();
  const sizeVars = React.useMemo(() => {
    const vars: Record<string, string> = {};
    for (const header of table.getFlatHeaders()) vars[`--col-${header.column.id}`] = `${header.getSize()}px`;
    return vars as React.CSSProperties;
    // the sizes change with these states (the table object itself is stable)
  }, [table, columnSizing, columnSizingInfo, columnVisibility, columnDefs]);
  const totalWidth = table.getTotalSize();

  // the rows follow the scroller's own scrolling (state, so the rows know it once it is in the page)
  const [scroller, setScroller] = React.useState<HTMLDivElement | null>(null);
  const { hasNextPage, fetchingNextPage, fetchNextPage } = props;

  // one stable object for every cell and row: what they call reads the latest state through a ref
  const latest = React.useRef({ props, allRows, rowSelection });
  latest.current = { props, allRows, rowSelection };
  const actions = React.useMemo<CellActions & RowActions>(
    () => ({
      startEdit: (rowKey, columnId) => setEditing({ rowKey, columnId }),
      openLong: (rowKey, columnId) => setModal({ rowKey, columnId }),
      cancel: () => setEditing(null),
      commit: (rowKey, columnId, value) => {
        setEditing(null);
        const row = findRow(rowKey);
        if (row) latest.current.props.onCommit(row, columnId, value);
      },
      requestOption: (columnId, label) => latest.current.props.onRequestOption(columnId, label),
      uploadImage: (file) => latest.current.props.onUploadImage(file),
      toggleSelected: (rowKey) => {
        const { rowSelection: current, props: p } = latest.current;
        const next = { ...current };
        if (next[rowKey]) delete next[rowKey];
        else next[rowKey] = true;
        p.onRowSelectionChange(next);
      },
      confirm: (rowKey) => latest.current.props.onConfirmPending(rowKey),
      discard: (rowKey) => latest.current.props.onDiscardPending(rowKey),
    }),
    [],
  );

  const modalRow = modal && findRow(modal.rowKey);
  const modalColumn = modal && byId.get(modal.columnId);
  const headers = table.getHeaderGroups()[0]!.headers;
  const selectedCount = Object.keys(rowSelection).length;
  const allSelected =
    rows.length > 0 && selectedCount >= rows.length && rows.every((r) => rowSelection[r.key]);
  const someSelected = selectedCount > 0 && !allSelected;

  const { total, onSelectAllMatching, selectingAll } = props;
  const unloaded = total !== null && total > rows.length;
  return (
    <div className="flex min-h-0 flex-col">
      {allSelected && (unloaded || selectedCount > rows.length) && (
        <div
          role="status"
          className="mb-2 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 rounded-lg border border-primary/20 bg-primary/5 px-3 py-1.5 text-xs"
        >
          {selectedCount > rows.length ? (
            <>
              <span>All {selectedCount.toLocaleString()} rows are selected.</span>
              <button
                type="button"
                className="font-medium text-primary underline-offset-2 hover:underline"
                onClick={() => onRowSelectionChange({})}
              >
                Clear selection
              </button>
            </>
          ) : (
            <>
              <span>All {rows.length.toLocaleString()} loaded rows are selected.</span>
              {onSelectAllMatching && total !== null && (
                <button
                  type="button"
                  className="font-medium text-primary underline-offset-2 hover:underline disabled:opacity-60"
                  disabled={selectingAll}
                  onClick={onSelectAllMatching}
                >
                  {selectingAll ? 'Selecting…' : `Select all ${total.toLocaleString()} rows`}
                </button>
              )}
            </>
          )}
        </div>
      )}
      <div
        ref={setScroller}
        role="grid"
        aria-label={`${props.entity} records`}
        aria-rowcount={allRows.length + 1}
        aria-colcount={visibleColumns.length}
        data-testid="data-table-scroller"
        className="relative overflow-auto rounded-lg border bg-background"
        style={{ height: TABLE_HEIGHT_PX, ...sizeVars }}
      >
        <div style={{ width: totalWidth, minWidth: '100%' }}>
          <div
            role="row"
            className="sticky top-0 z-10 flex border-b bg-muted"
            style={{ height: TABLE_ROW_HEIGHT_PX }}
          >
            {headers.map((header) => {
              const id = header.column.id;
              if (id === SELECT_COLUMN)
                return (
                  <div
                    key={id}
                    role="columnheader"
                    className="sticky left-0 z-[1] flex shrink-0 items-center justify-center border-r bg-muted"
                    style={{ width: `var(--col-${id})` }}
                  >
                    <input
                      type="checkbox"
                      aria-label="Select all rows"
                      className="size-4 accent-primary"
                      checked={allSelected}
                      ref={(el) => {
                        if (el) el.indeterminate = someSelected && !allSelected;
                      }}
                      disabled={rows.length === 0}
                      onChange={() =>
                        onRowSelectionChange(
                          allSelected ? {} : Object.fromEntries(rows.map((r) => [r.key, true])),
                        )
                      }
                    />
                  </div>
                );
              if (id === ADD_COLUMN)
                return (
                  <AddColumnHeader
                    key={id}
                    entity={props.entity}
                    chat={props.chat}
                    width={`var(--col-${id})`}
                  />
                );
              const column = byId.get(id);
              return column ? <ColumnHeader key={id} header={header} column={column} /> : null;
            })}
          </div>
          <VirtualRows
            scroller={scroller}
            rows={allRows}
            columns={visibleColumns}
            rowSelection={rowSelection}
            editing={editing}
            actions={actions}
            hasNextPage={hasNextPage}
            fetchingNextPage={fetchingNextPage}
            fetchNextPage={fetchNextPage}
          />
          {allRows.length === 0 && (
            <div className="sticky left-0 flex w-full max-w-[100cqw] justify-center px-4 py-16">
              {props.empty}
            </div>
          )}
        </div>
      </div>
      <div className="flex h-8 items-center gap-3 px-1 text-xs text-muted-foreground">
        <span data-testid="table-count">
          {unloaded
            ? `${rows.length.toLocaleString()} of ${total.toLocaleString()} rows`
            : `${rows.length.toLocaleString()} ${rows.length === 1 ? 'row' : 'rows'}${hasNextPage ? ' loaded' : ''}`}
          {pending.length > 0 && `, ${pending.length} new`}
        </span>
        {fetchingNextPage && <span>Loading more…</span>}
        {sorting.length > 0 && hasNextPage && <span>Sorted within the loaded rows</span>}
        {hidden > 0 && (
          <button
            type="button"
            className="ml-auto underline-offset-2 hover:text-foreground hover:underline"
            onClick={() => setColumnVisibility({})}
          >
            Show {hidden} hidden {hidden === 1 ? 'column' : 'columns'}
          </button>
        )}
      </div>
      {modal && modalRow && modalColumn && (
        <LongTextDialog
          key={`${modal.rowKey}:${modal.columnId}`}
          column={modalColumn}
          value={modalRow.fields[modal.columnId]}
          onClose={() => setModal(null)}
          onSave={(value) => {
            setModal(null);
            props.onCommit(modalRow, modal.columnId, value);
          }}
        />
      )}
    </div>
  );
}
