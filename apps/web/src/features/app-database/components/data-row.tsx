import * as React from 'react';
import { Check, X } from 'lucide-react';
import { cn } from '@/lib/utils';
import { TABLE_ROW_HEIGHT_PX } from '../lib/constants';
import { Cell } from './cell';
import type { CellActions, TableColumn, TableRow } from './table-types';

export const SELECT_COLUMN = '__select';
/** The selection column holds a checkbox, or a pending row's check and discard buttons. */
export const SELECT_WIDTH = 72;

export interface RowActions {
  toggleSelected: (rowKey: string) => void;
  confirm: (rowKey: string) => void;
  discard: (rowKey: string) => void;
}

interface Props {
  row: TableRow;
  index: number;
  top: number;
  columns: TableColumn[];
  selected: boolean;
  editingColumn: string | null;
  actions: CellActions & RowActions;
}

/** One row at its virtual position: fixed height, memoised, its cells memoised in turn. */
export const DataRow = React.memo(function DataRow({
  row,
  index,
  top,
  columns,
  selected,
  editingColumn,
  actions,
}: Props) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected || undefined}
      data-pending={row.pending || undefined}
      className={cn(
        'absolute left-0 flex w-full border-b',
        row.pending ? 'bg-amber-50/70' : selected ? 'bg-primary/5' : 'bg-background',
      )}
      // a fixed box: its layout and paint never reach beyond it
      style={{ height: TABLE_ROW_HEIGHT_PX, transform: `translateY(${top}px)`, contain: 'strict' }}
    >
      {/* the check and the cross (or the checkbox) stay in view while the row scrolls sideways (issue 32, item 10) */}
      <div
        role="gridcell"
        className="sticky left-0 z-[1] flex shrink-0 items-center justify-center gap-1 border-r bg-background"
        style={{ width: `var(--col-${SELECT_COLUMN})` }}
      >
        <span
          aria-hidden
          className={cn(
            'pointer-events-none absolute inset-0',
            row.pending ? 'bg-amber-50/70' : selected ? 'bg-primary/5' : undefined,
          )}
        />
        {row.pending ? (
          <>
            <button
              type="button"
              aria-label="Save row"
              title="Save row"
              onClick={() => actions.confirm(row.key)}
              className="relative flex size-7 items-center justify-center rounded-md text-emerald-700 hover:bg-emerald-100"
            >
              <Check className="size-4" />
            </button>
            <button
              type="button"
              aria-label="Discard row"
              title="Discard row"
              onClick={() => actions.discard(row.key)}
              className="relative flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              <X className="size-4" />
            </button>
          </>
        ) : (
          // a span, not an <input>: a form control costs more to style and lay out in every new row
          <span
            role="checkbox"
            tabIndex={0}
            aria-label="Select row"
            aria-checked={selected}
            onClick={() => actions.toggleSelected(row.key)}
            onKeyDown={(e) => {
              if (e.key === ' ' || e.key === 'Enter') {
                e.preventDefault();
                actions.toggleSelected(row.key);
              }
            }}
            className={cn(
              'relative flex size-4 cursor-pointer items-center justify-center rounded-[4px] border',
              selected ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-background',
            )}
          >
            {selected && <Check className="size-3" strokeWidth={3} />}
          </span>
        )}
      </div>
      {columns.map((column) => (
        <Cell
          key={column.id}
          rowKey={row.key}
          column={column}
          value={row.fields[column.id]}
          editing={editingColumn === column.id}
          actions={actions}
        />
      ))}
    </div>
  );
});
