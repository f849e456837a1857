import { Boxes, LayoutTemplate, Loader2, Wand2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { AppTemplate } from '@buildai/domain';
import { PageError } from '@/components/page-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useAppTemplates, useCopyAppTemplate } from '../api/app-templates';
import { APP_TYPE_LABEL } from './app-labels';

const ICONS = { tool: Wand2, generated: LayoutTemplate, space: Boxes } as const;

/** "Start from a template": the app templates collection; choosing one copies it and opens the copy. */
export function AppTemplatesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const templates = useAppTemplates(open);
  const copy = useCopyAppTemplate();
  const navigate = useNavigate();
  const use = (template: AppTemplate) =>
    copy.mutate(template.appId, {
      onSuccess: (created) =>
        navigate(
          created.toolId
            ? `/build/app/${encodeURIComponent(created.appId)}/tool/${encodeURIComponent(created.toolId)}`
            : `/build/app/${encodeURIComponent(created.appId)}`,
        ),
      onError: (err) => toastError(errorMessage(err)),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Start from a template</DialogTitle>
          <DialogDescription>
            A copy of the app is yours to change: its tools, pages and data tables come along, empty of
            records.
          </DialogDescription>
        </DialogHeader>
        <div className="max-h-[60vh] overflow-y-auto" aria-busy={templates.isPending}>
          {templates.isPending ? (
            <div className="grid gap-3 sm:grid-cols-2">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-32 rounded-xl" />
              ))}
            </div>
          ) : templates.isError ? (
            <PageError
              title="We couldn't load the templates"
              message={errorMessage(templates.error)}
              onRetry={() => void templates.refetch()}
            />
          ) : templates.data.length === 0 ? (
            <p className="rounded-xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
              No app templates yet. Start with a blank app instead.
            </p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2" aria-label="App templates">
              {templates.data.map((t) => (
                <TemplateCard
                  key={t.appId}
                  template={t}
                  busy={copy.isPending && copy.variables === t.appId}
                  disabled={copy.isPending}
                  onUse={() => use(t)}
                />
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function TemplateCard(props: { template: AppTemplate; busy: boolean; disabled: boolean; onUse: () => void }) {
  const { template: t } = props;
  const Icon = ICONS[t.appType];
  const facts = [
    APP_TYPE_LABEL[t.appType],
    t.toolCount > 0 && `${t.toolCount} ${t.toolCount === 1 ? 'tool' : 'tools'}`,
    t.entityCount > 0 && `${t.entityCount} ${t.entityCount === 1 ? 'data table' : 'data tables'}`,
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <div className="flex items-start gap-3">
        {t.logoUrl ? (
          <img src={t.logoUrl} alt="" className="size-10 rounded-lg border object-contain p-0.5" />
        ) : (
          <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
            <Icon className="size-5" />
          </div>
        )}
        <div className="min-w-0">
          <h3 className="truncate font-semibold tracking-tight">{t.header || 'Untitled app'}</h3>
          <p className="text-xs text-muted-foreground">{facts.join(' · ')}</p>
        </div>
      </div>
      {t.description && <p className="line-clamp-2 text-sm text-muted-foreground">{t.description}</p>}
      <Button
        type="button"
        size="sm"
        className="mt-auto self-start"
        disabled={props.disabled}
        aria-label={`Use template ${t.header || 'Untitled app'}`}
        onClick={props.onUse}
      >
        {props.busy && <Loader2 className="animate-spin" />}
        {props.busy ? 'Copying…' : 'Use template'}
      </Button>
    </li>
  );
}
