import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, PencilLine } from 'lucide-react';
import { aiAppSchema, type AiApp, type ToolSummary } from '@buildai/domain';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { usePublishApp } from '@/lib/builder-api/publish-app';
import { cacheSavedTool, saveTool } from '../../api/save-tool';
import { useEditedValue } from '@/hooks/use-edited-value';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import type { PanelId } from '@/lib/builder-menu';
import { toEditable, toSavedDefinition } from '@/lib/tool-draft';
import { LeaveDialog } from '@/components/builder/leave-dialog';
import type { AppScope } from './app-workspace';
import { GeneratedHomePreview } from './generated-home-preview';
import { PreviewPane, RESULT_EDITOR_ID } from './preview-pane';
import { SidePanel } from './side-panel';

interface Props {
  scope: AppScope;
  /** the tool being edited; a generated app may have none yet */
  tool: ToolSummary | null;
}

/** The workspace on one tool: its draft autosaves beside the app's style and settings; Publish sends all first. */
export function ToolWorkspace({ scope, tool }: Props) {
  const { app, style, settings, details } = scope;
  const queryClient = useQueryClient();
  const draft = useEditedValue({
    initial: tool ? toEditable(tool.app) : aiAppSchema.parse({}),
    save: async (value: AiApp) => {
      // a chat app has no tools: its workspace is ChatAppWorkspace
      if (!tool || app.appType === 'chat') return null;
      const definition = toSavedDefinition(value);
      return saveTool({ appId: app.appId, appType: app.appType, toolId: tool.toolId, app: definition });
    },
    onSaved: (result) => {
      if (result) cacheSavedTool(queryClient, app.appId, result);
    },
  });
  const saving = draft.busy || style.busy || settings.busy || details.busy;
  const base = `/build/app/${encodeURIComponent(app.appId)}`;
  const blocker = useLeaveGuard(saving, (path) => path === base || path.startsWith(`${base}/tool/`));
  const publish = usePublishApp();
  const [activateOpen, setActivateOpen] = React.useState(false);
  const [chatOpen, setChatOpen] = React.useState(false);
  const [mobileView, setMobileView] = React.useState<'edit' | 'preview'>('edit');
  // the cached tool carries its latest status and path
  const current = tool ? (app.tools.find((t) => t.toolId === tool.toolId) ?? tool) : null;
  // the App Chat changed the tool: the draft shows what the server now holds (unless the builder's change waits)
  const { reset: resetDraft } = draft;
  const currentApp = current?.app;
  React.useEffect(() => {
    if (scope.chatRevision > 0 && currentApp) resetDraft(toEditable(currentApp));
  }, [scope.chatRevision, currentApp, resetDraft]);

  const { flush: flushDraft } = draft;
  const { flush: flushStyle } = style;
  const { flush: flushSettings } = settings;
  const { flush: flushDetails } = details;
  const saveAll = React.useCallback(
    async () =>
      (await Promise.all([flushDraft(), flushStyle(), flushSettings(), flushDetails()])).every(Boolean),
    [flushDraft, flushStyle, flushSettings, flushDetails],
  );

  // Ctrl/Cmd+S sends what waits now instead of after the pause
  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void saveAll();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [saveAll]);

  async function publishNow() {
    if (!(await saveAll())) return;
    publish.mutate(app.appId, {
      onSuccess: () => toast({ title: 'Your app is published' }),
      onError: (err) => toastError(errorMessage(err)),
    });
  }

  async function openActivate() {
    // activation needs the header on the server
    if (await draft.flush()) setActivateOpen(true);
  }

  function openPanel(panel: PanelId | null) {
    // App chat is the Activate Your Chat Assistant dialog (spec 001 §2), over the panel that is open
    if (panel === 'chat') return setChatOpen(true);
    scope.setPanel(panel);
    if (panel === 'results')
      requestAnimationFrame(() =>
        document.getElementById(RESULT_EDITOR_ID)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }),
      );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col lg:grid lg:h-[calc(100svh-3.5rem)] lg:flex-none lg:grid-cols-[minmax(340px,400px)_minmax(0,1fr)] lg:grid-rows-[minmax(0,1fr)]">
      <div className="sticky top-14 z-10 border-b bg-background/95 p-2 backdrop-blur lg:hidden">
        <div role="group" aria-label="Workspace view" className="flex gap-1 rounded-lg bg-muted p-1">
          {(
            [
              ['edit', 'Edit', PencilLine],
              ['preview', 'Preview', Eye],
            ] as const
          ).map(([value, label, Icon]) => (
            <button
              key={value}
              type="button"
              aria-pressed={mobileView === value}
              onClick={() => setMobileView(value)}
              className={cn(
                'flex h-8 flex-1 items-center justify-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground transition-colors',
                mobileView === value && 'bg-background text-foreground shadow-sm',
              )}
            >
              <Icon className="size-4" />
              {label}
            </button>
          ))}
        </div>
      </div>
      <SidePanel
        className={mobileView === 'edit' ? 'flex' : 'hidden lg:flex'}
        scope={{ ...scope, flushEdits: saveAll }}
        tool={current}
        draft={draft}
        saving={saving}
        publishing={publish.isPending}
        onPublish={() => void publishNow()}
        onActivate={() => void openActivate()}
        onOpenPanel={openPanel}
      />
      {app.appType === 'generated' && !scope.editingTool ? (
        <div className={mobileView === 'preview' ? 'block' : 'hidden lg:block'}>
          <GeneratedHomePreview
            app={{ ...app, header: details.value.header, description: details.value.description }}
            style={style.value}
            settings={settings.value}
            renderPreview={scope.renderPreview}
          />
        </div>
      ) : (
        <PreviewPane
          className={mobileView === 'preview' ? 'block' : 'hidden lg:block'}
          app={app}
          tool={current}
          draft={draft.value}
          style={style.value}
          settings={settings.value}
          renderPreview={scope.renderPreview}
          onAddTool={() => openPanel('tools')}
        />
      )}
      {current &&
        scope.panels.renderActivateTool({
          app,
          tool: current,
          account: scope.account,
          open: activateOpen,
          onOpenChange: setActivateOpen,
          onUpgrade: scope.onUpgrade,
        })}
      {scope.panels.renderActivateChat({
        app,
        settings: settings.value,
        onSettingsChange: settings.update,
        isAdmin: scope.account.isAdmin,
        open: chatOpen,
        onOpenChange: setChatOpen,
      })}
      <LeaveDialog blocker={blocker} />
    </div>
  );
}
