import * as React from 'react';
import { isLongText, parseBooleanCell } from '@buildai/domain';
import { cn } from '@/lib/utils';
import { ImageEditor, InlineEditor, OptionsEditor } from './cell-editors';
import { CellView, isPlainText } from './cell-view';
import type { CellActions, TableColumn } from './table-types';

interface Props {
  rowKey: string;
  column: TableColumn;
  value: unknown;
  editing: boolean;
  actions: CellActions;
}

/** Opens the long-text modal rather than editing in place: JSON, and text over 50 characters or with a line break. */
function editsInModal(column: TableColumn, value: unknown): boolean {
  if (column.dataType === 'json') return true;
  return column.dataType === 'text' && typeof value === 'string' && isLongText(value);
}

/**
 * One cell: its value, and a click to edit (spec 001 §4). A boolean flips at once; JSON and long text open the
 * modal; the rest edit in place. Memoised: a row's cells render again only when their own value changes.
 */
export const Cell = React.memo(function Cell({ rowKey, column, value, editing, actions }: Props) {
  const columnId = column.id;
  const activate = () => {
    if (column.readonly) return;
    if (column.dataType === 'boolean')
      return actions.commit(rowKey, columnId, !(parseBooleanCell(value) ?? false));
    if (editsInModal(column, value)) return actions.openLong(rowKey, columnId);
    actions.startEdit(rowKey, columnId);
  };

  if (editing) {
    const commit = (v: unknown) => actions.commit(rowKey, columnId, v);
    return (
      <div role="gridcell" className="relative h-full border-r" style={{ width: `var(--col-${columnId})` }}>
        {column.dataType === 'select' || column.dataType === 'multiselect' ? (
          <OptionsEditor
            value={value}
            column={column}
            onCommit={commit}
            onCancel={actions.cancel}
            onRequestOption={(label) => actions.requestOption(columnId, label)}
          />
        ) : column.dataType === 'image' ? (
          <ImageEditor
            value={value}
            column={column}
            onCommit={commit}
            onCancel={actions.cancel}
            onUpload={actions.uploadImage}
          />
        ) : (
          <InlineEditor value={value} column={column} onCommit={commit} onCancel={actions.cancel} />
        )}
      </div>
    );
  }

  return (
    <div
      role="gridcell"
      tabIndex={column.readonly ? undefined : -1}
      aria-readonly={column.readonly || undefined}
      onClick={activate}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          activate();
        }
      }}
      className={cn(
        'h-full min-w-0 overflow-hidden border-r px-2 text-sm',
        // before the line height below: a font size given later would take the line height back
        column.dataType === 'json' && 'font-mono text-xs',
        isPlainText(column)
          ? 'truncate leading-10 whitespace-nowrap'
          : 'flex items-center gap-1 whitespace-nowrap',
        column.dataType === 'number' && 'text-right tabular-nums',
        column.readonly ? 'text-muted-foreground' : 'cursor-pointer hover:bg-accent/60',
      )}
      style={{ width: `var(--col-${columnId})` }}
    >
      <CellView value={value} column={column} />
    </div>
  );
});
