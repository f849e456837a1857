import * as React from 'react';
import { Link, useNavigate } from 'react-router';
import { Compass, Plus, Wrench } from 'lucide-react';
import type { ToolSummary } from '@buildai/domain';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import type { AppToolsPanelProps } from '@/lib/builder-types';
import { useCreateTool, useDeleteTool, useReorderTools, useUpdateToolMeta } from '../api/tools';
import { SortableList } from './fields/sortable-list';
import { ActivateToolDialog } from './activate-tool-dialog';
import { ToolListItem, type ToolAction } from './tool-list-item';
import { ToolMetaDialog } from './tool-meta-dialog';
import { ToolPhotoDialog } from './tool-photo-dialog';
import { addToolProblem, toolEditorPath, toolTitle } from './tool-rules';

type Open = { kind: 'add' } | { kind: Exclude<ToolAction, 'edit'>; toolId: string } | null;

/** The tools in `order` first (a reorder waiting for the server), then any others. */
function ordered(tools: ToolSummary[], order: string[] | null): ToolSummary[] {
  if (!order) return tools;
  const rank = new Map(order.map((id, i) => [id, i]));
  return [...tools].sort(
    (a, b) => (rank.get(a.toolId) ?? order.length) - (rank.get(b.toolId) ?? order.length),
  );
}

/** App tools panel (spec 001 §2): the generated app's tools, reordered by dragging. */
export function AppToolsPanel({ app, account, onUpgrade }: AppToolsPanelProps) {
  const navigate = useNavigate();
  const createTool = useCreateTool(app.appId);
  const updateMeta = useUpdateToolMeta(app.appId);
  const deleteTool = useDeleteTool(app.appId);
  const reorder = useReorderTools(app.appId);
  const [order, setOrder] = React.useState<string[] | null>(null);
  const [open, setOpen] = React.useState<Open>(null);
  // a new list from the server replaces the order shown while a reorder was on its way
  React.useEffect(() => setOrder(null), [app.tools]);
  const tools = ordered(app.tools, order);
  const limit = addToolProblem(app.tools);
  const current = open && open.kind !== 'add' ? app.tools.find((t) => t.toolId === open.toolId) : undefined;
  const close = () => setOpen(null);
  const base = `/build/app/${encodeURIComponent(app.appId)}`;

  function onReorder(next: ToolSummary[]) {
    const ids = next.map((t) => t.toolId);
    setOrder(ids);
    reorder.mutate(ids, {
      onError: (err) => {
        setOrder(null);
        toastError(errorMessage(err));
      },
    });
  }

  function onAction(tool: ToolSummary, action: ToolAction) {
    if (action === 'edit') void navigate(toolEditorPath(app.appId, tool.toolId));
    else setOpen({ kind: action, toolId: tool.toolId });
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {app.tools.length === 1 ? '1 tool' : `${app.tools.length} tools`} · drag to change their order
        </p>
        <Button size="sm" disabled={Boolean(limit)} onClick={() => setOpen({ kind: 'add' })}>
          <Plus />
          Add tool
        </Button>
      </div>
      {limit && (
        <p role="status" className="rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">
          {limit}
        </p>
      )}

      {tools.length === 0 ? (
        <div className="flex flex-col items-center rounded-lg border border-dashed px-4 py-10 text-center">
          <Wrench className="size-6 text-muted-foreground" />
          <p className="mt-2 text-sm font-medium">No tools yet</p>
          <p className="mt-1 max-w-xs text-xs text-muted-foreground">
            Add a tool, or pick a ready-made one from the tools collection.
          </p>
        </div>
      ) : (
        <SortableList
          aria-label="App tools"
          items={tools}
          getId={(t) => t.toolId}
          onReorder={onReorder}
          renderItem={(tool, { handle }) => (
            <ToolListItem
              appId={app.appId}
              tool={tool}
              handle={handle({ label: `Move ${toolTitle(tool)}`, disabled: reorder.isPending })}
              onAction={(action) => onAction(tool, action)}
            />
          )}
        />
      )}

      <Button variant="outline" asChild>
        <Link to={`${base}/tools`}>
          <Compass />
          Explore tools collection
        </Link>
      </Button>

      <ToolMetaDialog
        open={open?.kind === 'add' || (open?.kind === 'rename' && current !== undefined)}
        onOpenChange={(next) => !next && close()}
        tool={open?.kind === 'rename' ? current : undefined}
        tools={app.tools}
        onSubmit={async (input) => {
          if (open?.kind === 'rename' && current) {
            await updateMeta.mutateAsync({ toolId: current.toolId, ...input });
            toast({ title: 'Tool renamed' });
            close();
          } else {
            const created = await createTool.mutateAsync(input);
            close();
            void navigate(toolEditorPath(app.appId, created.toolId));
          }
        }}
      />

      <ToolPhotoDialog
        appId={app.appId}
        tool={open?.kind === 'photo' ? current : undefined}
        onOpenChange={(next) => !next && close()}
      />

      {current && (
        <ActivateToolDialog
          app={app}
          tool={current}
          account={account}
          open={open?.kind === 'status'}
          onOpenChange={(next) => !next && close()}
          onUpgrade={onUpgrade}
        />
      )}

      <AlertDialog
        open={open?.kind === 'delete' && current !== undefined}
        onOpenChange={(n) => !n && close()}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete “{current ? toolTitle(current) : ''}”?</AlertDialogTitle>
            <AlertDialogDescription>
              The tool, its public link and its runs are deleted. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleteTool.isPending}>Cancel</AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={deleteTool.isPending}
              onClick={() =>
                current &&
                deleteTool.mutate(current.toolId, {
                  onSuccess: () => {
                    toast({ title: 'Tool deleted' });
                    close();
                  },
                  onError: (err) => toastError(errorMessage(err)),
                })
              }
            >
              {deleteTool.isPending ? 'Deleting…' : 'Delete tool'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
