import { Check, Code2, ExternalLink, FlaskConical, Loader2, Rocket, Zap } from 'lucide-react';
import { Link } from 'react-router';
import type { AiApp, ToolSummary } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import type { EditedValue } from '@/hooks/use-edited-value';
import { chatSettingsOf } from '@/lib/builder-api/chat-assistant';
import { menuFor, panelTitle, type PanelId } from '@/lib/builder-menu';
import type { AppScope } from './app-workspace';
import { AnalyticsButton } from './analytics-button';
import { InsightLinks } from './insight-links';
import { GeneratedChatTab } from './generated-chat-tab';
import { MainMenu } from '@/components/builder/main-menu';
import { PanelBody } from './panel-body';

interface Props {
  scope: AppScope;
  tool: ToolSummary | null;
  draft: EditedValue<AiApp>;
  saving: boolean;
  publishing: boolean;
  onPublish: () => void;
  onActivate: () => void;
  onOpenPanel: (panel: PanelId | null) => void;
  className?: string;
}

/** The builder side panel (spec 000 §2): the menu panel 'AI Tool' (and 'App Chat' for generated apps). */
export function SidePanel(props: Props) {
  const { scope, className } = props;
  const generated = scope.app.appType === 'generated';
  return (
    <aside
      aria-label="Builder"
      className={cn('min-h-0 flex-col bg-background lg:overflow-hidden lg:border-r', className)}
    >
      <PanelHeader {...props} />
      {generated ? (
        <Tabs
          // a new app starts in the chat: describing it writes its tools
          defaultValue={scope.app.tools.length === 0 && !scope.editingTool ? 'chat' : 'tool'}
          className="min-h-0 flex-1 gap-0"
        >
          <div className="border-b px-4 py-2">
            <TabsList className="w-full">
              <TabsTrigger value="tool">AI Tool</TabsTrigger>
              <TabsTrigger value="chat">App Chat</TabsTrigger>
            </TabsList>
          </div>
          <TabsContent value="tool" className="flex min-h-0 flex-col">
            <MenuArea {...props} />
          </TabsContent>
          {/* kept mounted on the other tab: a turn streams on while the builder edits a panel */}
          <TabsContent value="chat" forceMount className="flex min-h-0 flex-col data-[state=inactive]:hidden">
            <GeneratedChatTab scope={scope} />
          </TabsContent>
        </Tabs>
      ) : (
        <MenuArea {...props} />
      )}
      <PanelFooter {...props} />
    </aside>
  );
}

function PanelHeader({ scope, tool, draft, saving, publishing, onPublish, onActivate }: Props) {
  const { app } = scope;
  const title =
    app.appType === 'tool'
      ? draft.value.header.trim() || 'Untitled tool'
      : app.header.trim() || 'Untitled app';
  const status = saving ? 'Saving...' : app.isPublished ? 'Published' : 'Not published';
  return (
    <div className="flex items-start justify-between gap-3 border-b px-4 py-3">
      <div className="min-w-0">
        <p className="truncate text-base font-semibold tracking-tight" title={title}>
          {title}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <span
            role="status"
            aria-live="polite"
            className="flex items-center gap-1.5 text-xs text-muted-foreground"
          >
            {saving ? (
              <Loader2 className="size-3 animate-spin" />
            ) : (
              <span
                aria-hidden
                className={cn('size-1.5 rounded-full', app.isPublished ? 'bg-emerald-500' : 'bg-zinc-300')}
              />
            )}
            {status}
          </span>
          {tool && (
            <Badge variant={tool.status === 'active' ? 'success' : 'muted'}>
              {tool.status === 'active' && <Zap />}
              {tool.status === 'active' ? 'Active' : 'Draft'}
            </Badge>
          )}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1.5">
        {tool && (
          <Button variant="outline" size="sm" onClick={onActivate}>
            <Zap />
            Activate
          </Button>
        )}
        {app.isPublished ? (
          <Button variant="outline" size="sm" asChild>
            <a href={`/app/${encodeURIComponent(app.appId)}`} target="_blank" rel="noreferrer">
              <Check />
              View app
              <ExternalLink className="size-3" />
            </a>
          </Button>
        ) : (
          <Button size="sm" onClick={onPublish} disabled={publishing}>
            {publishing ? <Loader2 className="animate-spin" /> : <Rocket />}
            Publish
          </Button>
        )}
      </div>
    </div>
  );
}

function MenuArea(props: Props) {
  const { scope, onOpenPanel } = props;
  const { app, account, panel } = scope;
  const entries = menuFor(app.appType, account, scope.editingTool);
  // a panel the menu does not offer (the account changed) falls back to the menu
  const open = panel && (entries.includes(panel) || panel === 'code') ? panel : null;
  if (!open)
    return (
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4">
        <h2 className="px-1 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          AI Tool
        </h2>
        <MainMenu
          appType={app.appType}
          entries={entries}
          onOpen={onOpenPanel}
          editingTool={scope.editingTool}
          live={chatSettingsOf(app).status === 'active' ? ['chat'] : []}
        />
      </div>
    );
  return (
    <section aria-labelledby="builder-panel-title" className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
        <h2 id="builder-panel-title" className="text-sm font-semibold">
          {panelTitle(open, app.appType, scope.editingTool)}
        </h2>
        <Button size="sm" variant="secondary" onClick={() => onOpenPanel(null)}>
          Done
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        <PanelBody panel={open} {...props} />
      </div>
    </section>
  );
}

function PanelFooter({ scope, tool, onOpenPanel }: Props) {
  const { app, account } = scope;
  return (
    <div className="flex flex-wrap items-center gap-2 border-t px-4 py-3">
      <AnalyticsButton appId={app.appId} isPublished={app.isPublished} />
      {tool && (
        <Button variant="outline" size="sm" asChild>
          <Link to={`/evaluations/app/${encodeURIComponent(app.appId)}/${encodeURIComponent(tool.toolId)}`}>
            <FlaskConical />
            Evaluate
          </Link>
        </Button>
      )}
      <InsightLinks appId={app.appId} />
      {account.isAdmin && (
        <Button variant="ghost" size="sm" onClick={() => onOpenPanel('code')}>
          <Code2 />
          Edit code
        </Button>
      )}
    </div>
  );
}
