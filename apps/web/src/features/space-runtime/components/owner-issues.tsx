import { TriangleAlert } from 'lucide-react';
import type { AppErrorItem } from '@buildai/domain';
import { Button } from '@/components/ui/button';

/**
 * What the owner sees over their own live page when it reports errors (visitors see only the app's own fallback):
 * how many, the first one, and the way to the builder where the issues panel can fix them.
 */
export function OwnerIssues({ appId, errors }: { appId: string; errors: AppErrorItem[] }) {
  if (errors.length === 0) return null;
  return (
    <div
      role="alert"
      className="fixed right-4 bottom-4 z-10 w-[min(24rem,calc(100vw-2rem))] rounded-xl border border-destructive/30 bg-background p-4 shadow-lg"
    >
      <div className="flex items-start gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-destructive" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">
            {errors.length === 1 ? '1 issue on this page' : `${errors.length} issues on this page`}
          </p>
          <p className="mt-1 line-clamp-3 text-sm break-words text-muted-foreground">{errors[0]!.title}</p>
          <p className="mt-1 text-xs text-muted-foreground">Only you see this, as the app's owner.</p>
          <Button size="sm" variant="outline" className="mt-3" asChild>
            <a href={`/build/app/${encodeURIComponent(appId)}`}>Open the builder</a>
          </Button>
        </div>
      </div>
    </div>
  );
}
