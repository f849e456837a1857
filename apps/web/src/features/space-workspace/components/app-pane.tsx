import * as React from 'react';
import { Code2, Eye, Loader2, RotateCw, ServerCog } from 'lucide-react';
import type { AppFile } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { FileDrafts } from '../lib/file-drafts';
import type { SpacePreviewSlotProps, SpaceSlots } from '@/lib/builder-types';
import { CodeView } from './code-view';
import { SegmentedTabs } from './segmented-tabs';

export type AppPaneTab = 'preview' | 'code' | 'functions';

/** The function log loads with the tab's first opening: it is not part of the workspace's first load. */
const FunctionLog = React.lazy(() => import('./function-log').then((m) => ({ default: m.FunctionLog })));

interface Props {
  appId: string;
  tab: AppPaneTab;
  onTab: (tab: AppPaneTab) => void;
  preview: SpacePreviewSlotProps;
  renderPreview: SpaceSlots['renderPreview'];
  onReload: () => void;
  files: { data: readonly AppFile[] | undefined; loading: boolean; error: unknown; refetch: () => void };
  drafts: FileDrafts;
  isAdmin: boolean;
  className?: string;
}

/** The app beside the chat: the live preview, or its code (spec 000 §2). Both stay mounted, so the frame keeps its state. */
export function AppPane({
  appId,
  tab,
  onTab,
  preview,
  renderPreview,
  onReload,
  files,
  drafts,
  isAdmin,
  className,
}: Props) {
  return (
    <section aria-label="Your app" className={cn('min-h-0 min-w-0 flex-col bg-muted/40', className)}>
      <div className="flex h-11 shrink-0 items-center justify-between gap-2 border-b bg-background px-2">
        <SegmentedTabs
          label="App view"
          value={tab}
          onChange={onTab}
          options={[
            ['preview', 'Preview', Eye],
            ['code', 'Code', Code2],
            ['functions', 'Functions', ServerCog],
          ]}
        />
        {tab === 'preview' && (
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={onReload}
            aria-label="Reload preview"
            title="Reload"
          >
            <RotateCw />
          </Button>
        )}
      </div>
      <div
        role="tabpanel"
        aria-label="Preview"
        hidden={tab !== 'preview'}
        className="min-h-0 flex-1 p-0 lg:p-3"
      >
        <div className="h-full overflow-hidden bg-background lg:rounded-xl lg:border lg:shadow-sm">
          {renderPreview({ ...preview, className: 'h-full w-full' })}
        </div>
      </div>
      {tab === 'functions' && (
        <div role="tabpanel" aria-label="Functions" className="flex min-h-0 flex-1 flex-col bg-background">
          <React.Suspense
            fallback={
              <div role="status" className="flex flex-1 items-center justify-center text-muted-foreground">
                <Loader2 className="size-4 animate-spin" aria-label="Loading" />
              </div>
            }
          >
            <FunctionLog appId={appId} />
          </React.Suspense>
        </div>
      )}
      {tab === 'code' && (
        <div role="tabpanel" aria-label="Code" className="flex min-h-0 flex-1 flex-col bg-background">
          <CodeView
            files={files.data}
            loading={files.loading}
            error={files.error}
            onRetry={files.refetch}
            drafts={drafts}
            isAdmin={isAdmin}
          />
        </div>
      )}
    </section>
  );
}
