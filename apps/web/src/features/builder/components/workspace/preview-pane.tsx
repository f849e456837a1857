import { Eye, Wrench } from 'lucide-react';
import type { AiApp, AppSettings, AppStyle, AppView, ToolSummary } from '@buildai/domain';
import { Markdown } from '@/components/markdown/markdown';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { resultBlocks } from '@/lib/blocks';
import type { RenderPreview } from './app-workspace';

export const RESULT_EDITOR_ID = 'result-editor';

interface Props {
  app: AppView;
  tool: ToolSummary | null;
  draft: AiApp;
  style: AppStyle;
  settings: AppSettings;
  renderPreview: RenderPreview;
  onAddTool: () => void;
  className?: string;
}

/** The live preview: the tool's form as visitors will see it, in the app's branding, and the result's layout. */
export function PreviewPane({
  app,
  tool,
  draft,
  style,
  settings,
  renderPreview,
  onAddTool,
  className,
}: Props) {
  return (
    <section aria-label="Live preview" className={cn('min-h-0 bg-muted/40 lg:overflow-y-auto', className)}>
      <div className="mx-auto w-full max-w-3xl p-4 sm:p-6 lg:p-8">
        <div className="mb-3 flex items-center gap-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
          <Eye className="size-3.5" />
          Live preview
          {tool && <span className="truncate normal-case">· /tool/{tool.path}</span>}
        </div>
        {!tool ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed bg-background px-6 py-16 text-center">
            <Wrench className="size-6 text-muted-foreground" />
            <p className="mt-3 text-sm font-medium">{app.header.trim() || 'Your app'} has no tools yet</p>
            <p className="mt-1 max-w-sm text-xs text-muted-foreground">
              Add a tool in App tools and it shows here as visitors will see it.
            </p>
            <Button size="sm" variant="outline" className="mt-4" onClick={onAddTool}>
              Open App tools
            </Button>
          </div>
        ) : (
          <div className="grid gap-5">
            <div className="overflow-hidden rounded-2xl border bg-card shadow-sm">
              {renderPreview(draft, style, settings)}
            </div>
            <ResultOutline draft={draft} />
          </div>
        )}
      </div>
    </section>
  );
}

function ResultOutline({ draft }: { draft: AiApp }) {
  const { blocks } = resultBlocks(draft);
  const cta = draft.ctaMessage.trim() || draft.ctaButton.trim();
  return (
    <div
      id={RESULT_EDITOR_ID}
      tabIndex={-1}
      className="scroll-mt-20 rounded-2xl border border-dashed bg-background p-5 outline-none sm:p-6"
    >
      <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Result layout</p>
      {blocks.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          The answer appears here. Write a prompt in Results layout to shape it.
        </p>
      ) : (
        <div className="mt-3 grid gap-4">
          {blocks.map((block) => (
            <div key={block.id} className="grid gap-1.5">
              {blocks.length > 1 && <p className="text-sm font-semibold">{block.title}</p>}
              <span className="h-2 w-full rounded-full bg-muted" />
              <span className="h-2 w-5/6 rounded-full bg-muted" />
              <span className="h-2 w-2/3 rounded-full bg-muted" />
            </div>
          ))}
        </div>
      )}
      {cta && (
        <div className="mt-5 flex flex-col items-start gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
          {draft.ctaMessage.trim() && <Markdown text={draft.ctaMessage} className="text-sm" />}
          {draft.ctaButton.trim() && (
            <span className="inline-flex h-9 shrink-0 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground">
              {draft.ctaButton}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
