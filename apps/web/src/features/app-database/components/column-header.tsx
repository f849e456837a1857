import type { Header } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronDown, Copy, EyeOff, Lock } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { columnType } from '../column-types/registry';
import type { TableColumn, TableRow } from './table-types';

/**
 * A column's header: its type icon and name, a menu (sort the loaded rows, hide the column, copy the field name),
 * and a handle to resize it. Changing the column itself (name, type, options) goes through the chat, which owns the
 * entity's schema (docs/decisions/0008 "The database screen").
 */
export function ColumnHeader({ header, column }: { header: Header<TableRow, unknown>; column: TableColumn }) {
  const type = columnType(column.dataType);
  const Icon = column.readonly ? Lock : type.icon;
  const sorted = header.column.getIsSorted();
  return (
    <div
      role="columnheader"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      className="group relative flex h-full shrink-0 items-center border-r"
      style={{ width: `var(--col-${column.id})` }}
    >
      <DropdownMenu>
        <DropdownMenuTrigger
          className="flex h-full min-w-0 flex-1 items-center gap-1.5 px-2 text-left text-xs font-medium text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-inset"
          aria-label={`${column.label} column menu`}
        >
          <Icon className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{column.label}</span>
          {sorted === 'asc' && <ArrowUp className="size-3 shrink-0 text-foreground" aria-hidden />}
          {sorted === 'desc' && <ArrowDown className="size-3 shrink-0 text-foreground" aria-hidden />}
          <ChevronDown className="ml-auto size-3 shrink-0 opacity-0 group-hover:opacity-100" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-56">
          <DropdownMenuLabel className="flex items-center justify-between gap-2 text-xs font-normal text-muted-foreground">
            <span className="truncate font-mono">{column.id}</span>
            <span>{column.readonly ? 'Read-only' : type.label}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => header.column.toggleSorting(false)}>
            <ArrowUp /> Sort ascending
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => header.column.toggleSorting(true)}>
            <ArrowDown /> Sort descending
          </DropdownMenuItem>
          {sorted && (
            <DropdownMenuItem onSelect={() => header.column.clearSorting()}>Clear sorting</DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => header.column.toggleVisibility(false)}>
            <EyeOff /> Hide column
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => {
              void navigator.clipboard
                ?.writeText(column.id)
                .then(() => toast({ title: `Copied “${column.id}”` }))
                .catch(() => undefined);
            }}
          >
            <Copy /> Copy field name
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {header.column.getCanResize() && (
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label={`Resize ${column.label}`}
          onMouseDown={header.getResizeHandler()}
          onTouchStart={header.getResizeHandler()}
          onDoubleClick={() => header.column.resetSize()}
          className={cn(
            'absolute top-0 right-0 z-10 h-full w-1.5 cursor-col-resize touch-none select-none hover:bg-primary/40',
            header.column.getIsResizing() && 'bg-primary',
          )}
        />
      )}
    </div>
  );
}
