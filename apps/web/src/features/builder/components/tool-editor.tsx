import * as React from 'react';
import { Eye } from 'lucide-react';
import { toastMessages, type AiApp, type AppView, type ToolStatus, type ToolSummary } from '@buildai/domain';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { usePublishApp } from '../api/publish-app';
import { useSaveTool } from '../api/save-tool';
import { useSetToolStatus } from '../api/set-tool-status';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { toEditable, useToolDraft } from '../hooks/use-tool-draft';
import { ActivateDialog } from './activate-dialog';
import { EditorToolbar } from './editor-toolbar';
import { FieldsCard } from './fields-card';
import { LeaveDialog } from './leave-dialog';
import { PromptCard } from './prompt-card';
import { TextsCard } from './texts-card';

export type RenderPreview = (app: AiApp) => React.ReactNode;

interface Props {
  app: AppView;
  tool: ToolSummary;
  renderPreview: RenderPreview;
}

/** The editor of one tool: texts, prompt, fields, save, activate, publish and a live preview. */
export function ToolEditor({ app, tool, renderPreview }: Props) {
  const { draft, update, dirty, markSaved } = useToolDraft(toEditable(tool.app));
  const save = useSaveTool();
  const setStatus = useSetToolStatus();
  const publish = usePublishApp();
  const [activateOpen, setActivateOpen] = React.useState(false);
  const blocker = useLeaveGuard(dirty);

  const saveNow = React.useCallback(async (): Promise<boolean> => {
    const sent = draft;
    try {
      await save.mutateAsync({ appId: app.appId, toolId: tool.toolId, app: sent });
      markSaved(sent);
      return true;
    } catch (err) {
      toastError(toastMessages.saveFailedUser, errorMessage(err));
      return false;
    }
  }, [draft, save, app.appId, tool.toolId, markSaved]);

  // Ctrl/Cmd+S saves
  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        if (dirty && !save.isPending) void saveNow();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dirty, save.isPending, saveNow]);

  async function changeStatus(status: ToolStatus) {
    if (dirty && !(await saveNow())) return;
    setStatus.mutate(
      { appId: app.appId, toolId: tool.toolId, status },
      {
        onSuccess: (t) =>
          toast({ title: t.status === 'active' ? 'Your tool is active' : 'Your tool is a draft again' }),
        onError: (err) => toastError(errorMessage(err)),
      },
    );
  }

  async function publishNow() {
    if (dirty && !(await saveNow())) return;
    publish.mutate(app.appId, {
      onSuccess: () => toast({ title: 'Your app is published' }),
      onError: (err) => toastError(errorMessage(err)),
    });
  }

  return (
    <div className="@container mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <EditorToolbar
        title={draft.header}
        status={tool.status}
        isPublished={app.isPublished}
        dirty={dirty}
        saving={save.isPending}
        publishing={publish.isPending}
        onSave={() => void saveNow()}
        onActivate={() => setActivateOpen(true)}
        onPublish={() => void publishNow()}
      />
      <div className="mt-6 grid grid-cols-1 items-start gap-6 @4xl:grid-cols-[minmax(0,1fr)_minmax(0,400px)]">
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <TextsCard draft={draft} update={update} />
          <PromptCard draft={draft} update={update} />
          <FieldsCard draft={draft} update={update} />
        </div>
        <aside className="min-w-0 @4xl:sticky @4xl:top-20" aria-label="Live preview">
          <div className="mb-2 flex items-center gap-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
            <Eye className="size-3.5" />
            Live preview
          </div>
          <div className="overflow-hidden rounded-xl border bg-gradient-to-b from-indigo-50/70 to-background p-4 shadow-xs">
            <div className="rounded-xl border bg-card p-5 shadow-sm">{renderPreview(draft)}</div>
            <p className="mt-3 text-center text-xs text-muted-foreground">
              Visitors run the tool from its public link.
            </p>
          </div>
        </aside>
      </div>
      <ActivateDialog
        open={activateOpen}
        onOpenChange={setActivateOpen}
        appId={app.appId}
        path={tool.path}
        status={tool.status}
        hasHeader={draft.header.trim().length > 0}
        isPublished={app.isPublished}
        pending={setStatus.isPending || save.isPending}
        onStatusChange={(s) => void changeStatus(s)}
      />
      <LeaveDialog blocker={blocker} />
    </div>
  );
}
