import * as React from 'react';
import { cn } from '@/lib/utils';
import { columnType } from '../column-types/registry';
import type { CellActions, TableColumn } from './table-types';

interface Props {
  rowKey: string;
  column: TableColumn;
  value: unknown;
  editing: boolean;
  actions: CellActions;
}

/**
 * One cell: its value, and a click to edit (spec 001 §4). What the click does, the editor and how the value shows
 * are the column type's (a boolean flips at once; JSON and long text open the modal; the rest edit in place).
 * Memoised: a row's cells render again only when their own value changes.
 */
export const Cell = React.memo(function Cell({ rowKey, column, value, editing, actions }: Props) {
  const columnId = column.id;
  const type = columnType(column.dataType);
  const activate = () => {
    if (column.readonly) return;
    const click = type.click(value);
    if (click === 'modal') return actions.openLong(rowKey, columnId);
    if (click === 'inline') return actions.startEdit(rowKey, columnId);
    actions.commit(rowKey, columnId, click.save);
  };

  if (editing) {
    const Editor = type.Editor;
    return (
      <div role="gridcell" className="relative h-full border-r" style={{ width: `var(--col-${columnId})` }}>
        {Editor && (
          <Editor
            value={value}
            column={column}
            onCommit={(v) => actions.commit(rowKey, columnId, v)}
            onCancel={actions.cancel}
            onRequestOption={(label) => actions.requestOption(columnId, label)}
            onUpload={actions.uploadImage}
          />
        )}
      </div>
    );
  }

  const { view } = type;
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
        view.font,
        view.plain ? 'truncate leading-10 whitespace-nowrap' : 'flex items-center gap-1 whitespace-nowrap',
        view.align,
        column.readonly ? 'text-muted-foreground' : 'cursor-pointer hover:bg-accent/60',
      )}
      style={{ width: `var(--col-${columnId})` }}
    >
      {view.render(value, column)}
    </div>
  );
});
