import { Link } from 'react-router';
import { ImageIcon, MoreVertical, Pencil, SquarePen, Trash2, Type } from 'lucide-react';
import type { ToolSummary } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { toolEditorPath, toolTitle } from './tool-rules';

export type ToolAction = 'edit' | 'rename' | 'photo' | 'delete' | 'status';

interface Props {
  appId: string;
  tool: ToolSummary;
  handle: React.ReactNode;
  onAction: (action: ToolAction) => void;
}

/** One tool of the app: handle, photo, title link, status, /tool/{path} and its menu (spec 001 §2). */
export function ToolListItem({ appId, tool, handle, onAction }: Props) {
  const title = toolTitle(tool);
  const active = tool.status === 'active';
  return (
    <div className="flex items-center gap-2 rounded-lg border bg-background p-2 pr-1 shadow-xs">
      {handle}
      <div className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
        {tool.imageUrl ? (
          <img src={tool.imageUrl} alt="" className="size-full object-cover" />
        ) : (
          <ImageIcon className="size-4 text-muted-foreground/60" aria-hidden />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <Link
            to={toolEditorPath(appId, tool.toolId)}
            className={cn(
              'truncate text-sm font-medium underline-offset-4 hover:underline',
              !tool.title.trim() && 'text-muted-foreground italic',
            )}
          >
            {title}
          </Link>
          <Badge variant={active ? 'success' : 'muted'} className="shrink-0">
            {active ? 'Active' : 'Draft'}
          </Badge>
        </div>
        <p className="truncate font-mono text-xs text-muted-foreground">/tool/{tool.path}</p>
      </div>
      <Switch
        aria-label={`Status of ${title}`}
        checked={active}
        onCheckedChange={() => onAction('status')}
        className="shrink-0"
      />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${title}`}>
            <MoreVertical />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-40">
          <DropdownMenuItem onSelect={() => onAction('edit')}>
            <SquarePen />
            Edit tool
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onAction('rename')}>
            <Type />
            Rename
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onAction('photo')}>
            <Pencil />
            Edit photo
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => onAction('delete')}>
            <Trash2 />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
