import * as React from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft, Crown, LayoutGrid, Loader2, Plus, Wand2 } from 'lucide-react';
import type { ToolTemplate, ToolTemplateTool } from '@buildai/domain';
import { PageError } from '@/components/page-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useAddToolFromTemplate, useToolTemplates } from '../api/templates';
import { toolEditorPath } from './tool-rules';

export const EMPTY_COLLECTION_MESSAGE = 'No tools in the collection yet';
const ALL = '';

/** /build/app/{appId}/tools: explore the tools collection (apps marked as tool templates). */
export function ToolsCollectionPage() {
  const { appId = '' } = useParams();
  const navigate = useNavigate();
  const templates = useToolTemplates();
  const add = useAddToolFromTemplate(appId);
  const [category, setCategory] = React.useState(ALL);
  const [adding, setAdding] = React.useState<string | null>(null);

  const list = (templates.data ?? []).filter((t) => t.tools.length > 0);
  const categories = [...new Set(list.map((t) => t.templateCategory.trim()).filter(Boolean))].sort();
  const shown = category === ALL ? list : list.filter((t) => t.templateCategory.trim() === category);

  function addTool(template: ToolTemplate, tool: ToolTemplateTool) {
    setAdding(`${template.appId}/${tool.toolId}`);
    add.mutate(
      { templateAppId: template.appId, toolId: tool.toolId },
      {
        onSuccess: (created) => {
          toast({ title: 'Tool added to your app' });
          void navigate(toolEditorPath(appId, created.toolId));
        },
        onError: (err) => toastError(errorMessage(err)),
        onSettled: () => setAdding(null),
      },
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8">
      <Button variant="ghost" size="sm" asChild className="-ml-2 text-muted-foreground">
        <Link to={`/build/app/${encodeURIComponent(appId)}`}>
          <ArrowLeft />
          Back to the builder
        </Link>
      </Button>
      <div className="mt-3">
        <h1 className="text-2xl font-semibold tracking-tight">Tools collection</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Ready-made tools to add to your app. Each one arrives as a draft you can change.
        </p>
      </div>

      {categories.length > 0 && (
        <div className="mt-6 flex flex-wrap gap-2" role="group" aria-label="Categories">
          {[ALL, ...categories].map((c) => (
            <button
              key={c || 'all'}
              type="button"
              aria-pressed={category === c}
              onClick={() => setCategory(c)}
              className={cn(
                'rounded-full border px-3 py-1 text-sm transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                category === c
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'bg-background text-muted-foreground hover:bg-accent hover:text-foreground',
              )}
            >
              {c || 'All'}
            </button>
          ))}
        </div>
      )}

      <section className="mt-6" aria-busy={templates.isPending} aria-label="Tools">
        {templates.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <TemplateCardSkeleton key={i} />
            ))}
          </div>
        ) : templates.isError ? (
          <PageError
            title="We couldn't load the tools collection"
            message={errorMessage(templates.error)}
            onRetry={() => void templates.refetch()}
          />
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed bg-muted/30 px-6 py-16 text-center">
            <LayoutGrid className="size-8 text-muted-foreground" />
            <h2 className="mt-4 text-lg font-semibold">{EMPTY_COLLECTION_MESSAGE}</h2>
            <p className="mt-1 max-w-sm text-sm text-muted-foreground">
              Come back later, or build your own tool from the builder.
            </p>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((template) => (
              <li key={template.appId} className="grid">
                <TemplateCard template={template} adding={adding} onAdd={(tool) => addTool(template, tool)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function TemplateCard({
  template,
  adding,
  onAdd,
}: {
  template: ToolTemplate;
  adding: string | null;
  onAdd: (tool: ToolTemplateTool) => void;
}) {
  const image = template.templateImageUrl || template.tools.find((t) => t.imageUrl)?.imageUrl || '';
  const header = template.header.trim() || 'Untitled';
  return (
    <article
      aria-label={header}
      className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs transition-shadow hover:shadow-md"
    >
      <div className="relative aspect-[16/9] bg-gradient-to-br from-indigo-100 to-violet-100">
        {image ? (
          <img src={image} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <div className="flex size-full items-center justify-center text-indigo-400">
            <Wand2 className="size-10" />
          </div>
        )}
        {template.isProTool && (
          <Badge className="absolute top-3 right-3 bg-amber-500 text-white shadow-sm">
            <Crown />
            Pro
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        {template.templateCategory && (
          <p className="text-xs font-medium tracking-wide text-primary uppercase">
            {template.templateCategory}
          </p>
        )}
        <h2 className="mt-1 line-clamp-2 font-semibold tracking-tight">{header}</h2>
        <p className="mt-1 line-clamp-3 text-sm text-muted-foreground">
          {template.templateDescription || template.description}
        </p>
        <ul className="mt-auto grid gap-2 pt-4">
          {template.tools.map((tool) => {
            const key = `${template.appId}/${tool.toolId}`;
            const title = tool.title.trim() || header;
            return (
              <li key={tool.toolId} className="flex items-center gap-2">
                {template.tools.length > 1 && (
                  <span className="min-w-0 flex-1 truncate text-sm">{title}</span>
                )}
                <Button
                  size="sm"
                  variant={template.tools.length > 1 ? 'outline' : 'default'}
                  className={cn(template.tools.length === 1 && 'w-full')}
                  aria-label={`Add to my app: ${title}`}
                  disabled={adding !== null}
                  onClick={() => onAdd(tool)}
                >
                  {adding === key ? <Loader2 className="animate-spin" /> : <Plus />}
                  Add to my app
                </Button>
              </li>
            );
          })}
        </ul>
      </div>
    </article>
  );
}

function TemplateCardSkeleton() {
  return (
    <div
      className="flex flex-col overflow-hidden rounded-xl border bg-card"
      aria-hidden
      data-testid="template-skeleton"
    >
      <Skeleton className="aspect-[16/9] rounded-none" />
      <div className="grid gap-2 p-5">
        <Skeleton className="h-3 w-1/4" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="mt-3 h-8 w-full" />
      </div>
    </div>
  );
}
