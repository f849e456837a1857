import * as React from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { TABLE_HEIGHT_PX, TABLE_ROW_HEIGHT_PX } from '../lib/constants';
import { DataRow, type RowActions } from './data-row';
import type { CellActions, TableColumn, TableRow } from './table-types';

/** Rows from the end of what is loaded at which the next page is asked for. */
const LOAD_AHEAD_ROWS = 40;

interface Props {
  scroller: HTMLDivElement | null;
  rows: TableRow[];
  columns: TableColumn[];
  rowSelection: RowSelectionState;
  editing: { rowKey: string; columnId: string } | null;
  actions: CellActions & RowActions;
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  fetchNextPage: () => void;
}

/**
 * The rows in view and a few either side, at fixed 40 px heights (TanStack Virtual). Scrolling renders this
 * component only (not the headers and their menus); rows that stay in view are memoised and not rendered again.
 * Near the end of what is loaded it asks for the next page.
 */
export function VirtualRows({
  scroller,
  rows,
  columns,
  rowSelection,
  editing,
  actions,
  hasNextPage,
  fetchingNextPage,
  fetchNextPage,
}: Props) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize: () => TABLE_ROW_HEIGHT_PX,
    // a row either side: a fast scroll brings a whole new screen each frame, and every extra row is built for nothing
    overscan: 2,
    // the table's height is fixed: the first render already knows how many rows are in view
    initialRect: { width: 0, height: TABLE_HEIGHT_PX },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;
  React.useEffect(() => {
    if (hasNextPage && !fetchingNextPage && lastIndex >= rows.length - LOAD_AHEAD_ROWS) fetchNextPage();
  }, [hasNextPage, fetchingNextPage, fetchNextPage, lastIndex, rows.length]);

  return (
    <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const row = rows[item.index]!;
        return (
          <DataRow
            key={row.key}
            row={row}
            index={item.index}
            top={item.start}
            columns={columns}
            selected={rowSelection[row.key] === true}
            editingColumn={editing?.rowKey === row.key ? editing.columnId : null}
            actions={actions}
          />
        );
      })}
    </div>
  );
}
