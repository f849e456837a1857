import * as React from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { SpaceSlots } from '@/lib/builder-types';

// Loaded with the space workspace only: the tool builder does not carry the chat (AI SDK, diff) or the frame.
const SpaceChat = React.lazy(() => import('@/features/space-chat').then((m) => ({ default: m.SpaceChat })));
const SpaceAppFrame = React.lazy(() =>
  import('@/features/space-runtime').then((m) => ({ default: m.SpaceAppFrame })),
);
// the data table (TanStack Table and Virtual) loads when the builder first opens the database
const DatabaseScreen = React.lazy(() =>
  import('@/features/app-database').then((m) => ({ default: m.DatabaseScreen })),
);

function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 p-6">
      <Skeleton className="h-8 w-1/3" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

/**
 * A space app's chat and preview in the builder workspace: the chat feature beside the runtime's sandboxed frame.
 * The workspace shares the frame's errors with the chat (issues panel, 'Resolve with AI', autofix) and the chat's
 * file changes with the frame and the code tab (refreshKey).
 */
export const spaceSlots: SpaceSlots = {
  renderChat: (props) => (
    <React.Suspense fallback={<Loading label="Loading the chat" />}>
      <SpaceChat {...props} />
    </React.Suspense>
  ),
  renderPreview: ({ appId, refreshKey, reloadKey, onAppErrors, className }) => (
    <React.Suspense fallback={<Loading label="Loading the app" />}>
      <SpaceAppFrame
        appId={appId}
        mode="preview"
        refreshKey={refreshKey}
        reloadKey={reloadKey}
        onAppErrors={onAppErrors}
        className={className}
      />
    </React.Suspense>
  ),
  renderDatabase: (props) => (
    <React.Suspense fallback={<Loading label="Loading the database" />}>
      <DatabaseScreen {...props} />
    </React.Suspense>
  ),
};
