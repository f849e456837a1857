import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { DataItem } from '../../api/context-items';
import { StatusBadge } from '../status-badge';
import { TypeIcon } from '../type-icon';

/** "Your data": the app's items as tiles, each with rename and delete. */
export function DataTiles({
  items,
  onRename,
  onDelete,
}: {
  items: DataItem[];
  onRename: (item: DataItem) => void;
  onDelete: (item: DataItem) => void;
}) {
  return (
    <section aria-labelledby="data-source-tiles" className="grid gap-2 border-t pt-4">
      <h3 id="data-source-tiles" className="text-sm font-medium">
        Your data
      </h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex min-w-0 items-center gap-2 rounded-lg border bg-background p-2 shadow-xs"
            data-testid="data-tile"
          >
            <TypeIcon type={item.type} className="size-8" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium" title={item.name}>
                {item.name}
              </p>
              <StatusBadge status={item.status} className="mt-0.5 px-1.5 py-0 text-[11px]" />
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={`Rename ${item.name}`}
              onClick={() => onRename(item)}
            >
              <Pencil />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={`Delete ${item.name}`}
              className="text-muted-foreground hover:text-destructive"
              onClick={() => onDelete(item)}
            >
              <Trash2 />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
