import { Link } from 'react-router';
import { Boxes, Clock, LayoutTemplate, Users, Wand2 } from 'lucide-react';
import type { AppListItem } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { formatRelativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { APP_TYPE_LABEL, appTitle } from './app-labels';

const ICONS = { tool: Wand2, generated: LayoutTemplate, space: Boxes } as const;

export function AppCard({ app }: { app: AppListItem }) {
  const Icon = ICONS[app.appType];
  const untitled = !app.header.trim();
  return (
    <Link
      to={`/build/app/${encodeURIComponent(app.appId)}`}
      className="group flex flex-col rounded-xl border bg-card p-5 shadow-xs transition-all outline-none hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex size-10 items-center justify-center rounded-lg bg-accent text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
          <Icon className="size-5" />
        </div>
        {app.isPublished ? (
          <Badge variant="success">
            <span className="size-1.5 rounded-full bg-emerald-500" />
            Published
          </Badge>
        ) : (
          <Badge variant="muted">Not published</Badge>
        )}
      </div>
      <h3
        className={cn(
          'mt-4 line-clamp-2 font-semibold tracking-tight',
          untitled && 'text-muted-foreground italic',
        )}
      >
        {appTitle(app)}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        {APP_TYPE_LABEL[app.appType]}
        {app.appType === 'tool' && app.toolCount > 1 ? ` · ${app.toolCount} tools` : ''}
      </p>
      <p className="mt-auto flex items-center gap-1.5 pt-5 text-xs text-muted-foreground">
        <Clock className="size-3.5" />
        Updated {formatRelativeTime(app.updatedAt)}
        {app.isCollaborator && (
          <span className="ml-auto flex items-center gap-1">
            <Users className="size-3.5" />
            Shared with you
          </span>
        )}
      </p>
    </Link>
  );
}

export function AppCardSkeleton() {
  return (
    <div className="flex flex-col rounded-xl border bg-card p-5" aria-hidden>
      <div className="flex items-start justify-between">
        <div className="size-10 animate-pulse rounded-lg bg-muted" />
        <div className="h-5 w-20 animate-pulse rounded-md bg-muted" />
      </div>
      <div className="mt-4 h-5 w-3/4 animate-pulse rounded bg-muted" />
      <div className="mt-2 h-4 w-1/3 animate-pulse rounded bg-muted" />
      <div className="mt-6 h-3 w-1/2 animate-pulse rounded bg-muted" />
    </div>
  );
}
