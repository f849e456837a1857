import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Database, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import {
  USER_ENTITY,
  databaseTexts,
  entityPermissions,
  permissionDescription,
  type EntityEntry,
} from '@buildai/domain';
import { PageError } from '@/components/page-state';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import { entitiesQuery } from '../api/records';
import type { ChatBridge, DatabaseScreenProps } from '../types';
import { EntityTable } from './entity-table';
import { permissionIcon } from './permission-control';

/**
 * The database screen of a space app (spec 001 §2): the entities (not User) in a sidebar — a dropdown when the
 * screen is narrow — and the selected one's data table. It takes the app's place in the workspace
 * (docs/decisions/0008 "The database screen"); the chat's changes refetch the entities and the open table.
 */
export function DatabaseScreen({
  appId,
  refreshKey,
  chatBusy,
  requestChat,
  onClose,
  expanded,
  onExpandedChange,
}: DatabaseScreenProps) {
  const queryClient = useQueryClient();
  const entities = useQuery(entitiesQuery(appId));
  const [selected, setSelected] = React.useState<string | null>(null);
  const chat = React.useMemo<ChatBridge>(
    () => ({ busy: chatBusy, request: requestChat }),
    [chatBusy, requestChat],
  );

  const firstRefresh = React.useRef(refreshKey);
  React.useEffect(() => {
    if (refreshKey === firstRefresh.current) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.appEntities(appId) });
  }, [refreshKey, appId, queryClient]);

  const list = React.useMemo(
    () => (entities.data?.entities ?? []).filter((e) => e.name !== USER_ENTITY),
    [entities.data],
  );
  const current = list.find((e) => e.name === selected) ?? list[0] ?? null;

  return (
    <div className="@container flex h-full min-h-0 flex-col">
      <div className="flex h-11 shrink-0 items-center gap-2 border-b px-3">
        <Database className="size-4 text-muted-foreground" aria-hidden />
        <h2 className="text-sm font-semibold">Database</h2>
        {list.length > 0 && current && (
          <NativeSelect
            className="ml-2 w-44 min-w-0 @3xl:hidden"
            value={current.name}
            onChange={(e) => setSelected(e.target.value)}
            aria-label="Entity"
          >
            {list.map((e) => (
              <option key={e.name} value={e.name}>
                {e.name}
              </option>
            ))}
          </NativeSelect>
        )}
        <div className="ml-auto flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon-sm"
            className="hidden lg:inline-flex"
            onClick={() => onExpandedChange(!expanded)}
            aria-pressed={expanded}
            aria-label={expanded ? 'Show the chat' : 'Hide the chat'}
            title={expanded ? 'Show the chat' : 'Hide the chat'}
          >
            {expanded ? <PanelLeftOpen /> : <PanelLeftClose />}
          </Button>
          <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close the database">
            <X /> <span className="hidden sm:inline">Close</span>
          </Button>
        </div>
      </div>
      {entities.isPending ? (
        <div role="status" aria-label="Loading the database" className="grid gap-3 p-4">
          <Skeleton className="h-8 w-1/3" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : entities.isError ? (
        <PageError
          className="min-h-0 flex-1"
          title="The database could not be loaded"
          message={errorMessage(entities.error)}
          onRetry={() => void entities.refetch()}
        />
      ) : !current ? (
        <div className="flex flex-1 items-start justify-center p-6">
          <div className="flex w-full max-w-md flex-col items-center rounded-xl border border-dashed px-5 py-10 text-center">
            <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <Database className="size-5" />
            </span>
            <p className="mt-3 text-sm font-medium">{databaseTexts.noEntities}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              e.g. &ldquo;Add a Task entity with a title and a due date&rdquo;
            </p>
          </div>
        </div>
      ) : (
        <div className="flex min-h-0 flex-1">
          <EntityList entities={list} current={current.name} onSelect={setSelected} />
          <div className="min-h-0 min-w-0 flex-1 overflow-y-auto p-3 @3xl:p-4">
            <EntityTable
              key={current.name}
              appId={appId}
              entity={current.name}
              schema={current.schema}
              chat={chat}
            />
          </div>
        </div>
      )}
    </div>
  );
}

function EntityList({
  entities,
  current,
  onSelect,
}: {
  entities: EntityEntry[];
  current: string;
  onSelect: (name: string) => void;
}) {
  return (
    <nav
      aria-label="Entities"
      className="hidden w-52 shrink-0 flex-col gap-0.5 overflow-y-auto border-r p-2 @3xl:flex"
    >
      <p className="px-2 pt-1 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Entities
      </p>
      {entities.map((entity) => {
        const permissions = entityPermissions(entity.schema);
        const Icon = permissionIcon(permissions);
        const fields = Object.keys(entity.schema.properties).length;
        return (
          <button
            key={entity.name}
            type="button"
            aria-current={entity.name === current ? 'page' : undefined}
            onClick={() => onSelect(entity.name)}
            title={permissionDescription(permissions)}
            className={cn(
              'flex items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none',
              entity.name === current && 'bg-accent font-medium text-foreground',
            )}
          >
            <span className="min-w-0 flex-1 truncate">{entity.name}</span>
            <span className="text-xs text-muted-foreground tabular-nums">{fields}</span>
            <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          </button>
        );
      })}
    </nav>
  );
}
