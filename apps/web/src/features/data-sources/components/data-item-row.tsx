import { BookOpen, Copy, FileUp, MoreVertical, Pencil, RotateCw, Trash2 } from 'lucide-react';
import { contextMessages } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { formatRelativeTime } from '@/lib/format';
import type { DataItem } from '../api/context-items';
import { formatBytes, itemCountLabel, optionForItem, typeLabel } from '../lib/data-rules';
import { StatusBadge } from './status-badge';
import { TypeIcon } from './type-icon';

export type ItemAction = 'rename' | 'replace' | 'delete' | 'retry';

/**
 * One data item of the Custom data source panel (spec 001 §2): type, name, item count, size, last update, its
 * sync status, and its actions.
 */
export function DataItemRow({
  item,
  retrying = false,
  onAction,
}: {
  item: DataItem;
  retrying?: boolean;
  onAction: (action: ItemAction) => void;
}) {
  const updated = item.lastSyncedAt ?? item.createdAt;
  const replaceable = optionForItem(item) !== null;
  return (
    <li
      className="rounded-lg border bg-background p-3 shadow-xs"
      aria-label={item.name}
      data-testid="data-item"
    >
      <div className="flex items-start gap-3">
        <TypeIcon type={item.type} />
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-start justify-between gap-2">
            <p className="min-w-0 truncate text-sm font-medium" title={item.name}>
              {item.name}
            </p>
            <StatusBadge status={item.status} className="shrink-0" />
          </div>
          <p className="mt-0.5 flex flex-wrap gap-x-1.5 text-xs text-muted-foreground">
            <span>{typeLabel(item.type)}</span>
            <span aria-hidden>·</span>
            <span>{itemCountLabel(item.numOfChunks)}</span>
            <span aria-hidden>·</span>
            <span>{formatBytes(item.size)}</span>
            <span aria-hidden>·</span>
            <span>
              Updated <time dateTime={updated}>{formatRelativeTime(updated)}</time>
            </span>
          </p>
          {item.status === 'error' && (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <p className="min-w-0 flex-1 text-xs text-destructive">
                {item.errorMessage || 'This item could not be read.'}
              </p>
              <Button
                size="sm"
                variant="outline"
                className="h-7"
                disabled={retrying}
                onClick={() => onAction('retry')}
              >
                <RotateCw className={retrying ? 'animate-spin' : undefined} />
                Retry
              </Button>
            </div>
          )}
          {item.status === 'synced' && item.errorMessage && (
            // a synced item the server has a word about (e.g. found by full text only)
            <p className="mt-2 text-xs text-muted-foreground">{item.errorMessage}</p>
          )}
          {item.status === 'usage_limit_reached' && (
            <p className="mt-2 text-xs text-muted-foreground">
              This item was not added: your monthly data processing limit was reached.
            </p>
          )}
          {(item.templateFileUrl || item.instructionsUrl) && (
            <div className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
              {item.templateFileUrl && (
                <Button
                  size="sm"
                  variant="link"
                  className="h-auto p-0 text-xs"
                  onClick={() => window.open(item.templateFileUrl!, '_blank', 'noopener,noreferrer')}
                >
                  <Copy className="size-3.5" />
                  {contextMessages.copyTemplate}
                </Button>
              )}
              {item.instructionsUrl && (
                <a
                  href={item.instructionsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 text-xs font-medium text-primary underline-offset-4 hover:underline"
                >
                  <BookOpen className="size-3.5" />
                  Instructions
                </a>
              )}
            </div>
          )}
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon-sm"
              className="-mt-1 -mr-1"
              aria-label={`Actions for ${item.name}`}
            >
              <MoreVertical />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-44">
            <DropdownMenuItem onSelect={() => onAction('rename')}>
              <Pencil />
              Rename
            </DropdownMenuItem>
            {replaceable && (
              <DropdownMenuItem onSelect={() => onAction('replace')}>
                <FileUp />
                {contextMessages.replaceFile}
              </DropdownMenuItem>
            )}
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => onAction('delete')}>
              <Trash2 />
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </li>
  );
}
