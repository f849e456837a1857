import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppErrorItem } from '@buildai/domain';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, isRetryable } from '@/lib/api-client';
import { appQuery } from '@/lib/app-query';
import { cn } from '@/lib/utils';
import { memberLinkQuery } from '../api/member-link';
import { previewLinkQuery } from '../api/preview-link';
import { AppFrame, type AppFrameHandle } from './app-frame';
import { FrameMessage } from './frame-message';

export interface SpaceAppFrameProps {
  appId: string;
  /** `preview`: the current files (the builder's); `published`: what visitors see */
  mode: 'preview' | 'published';
  /**
   * a new value shows the app's current files (after the chat or the editor changed them): swapped into the live
   * frame where it can, else loaded again
   */
  refreshKey: number;
  /** a new value loads the frame again whatever changed (the Reload button) */
  reloadKey?: number;
  /** the whole current list of the frame's errors, each time it changes; `[]` after a clean load */
  onAppErrors?: (errors: AppErrorItem[]) => void;
  className?: string;
}

/** A space app in its sandboxed frame on the app origin, for the builder's workspace. */
export function SpaceAppFrame({
  appId,
  mode,
  refreshKey,
  reloadKey = 0,
  onAppErrors,
  className,
}: SpaceAppFrameProps) {
  const queryClient = useQueryClient();
  const preview = useQuery({ ...previewLinkQuery(appId), enabled: mode === 'preview' });
  const app = useQuery({ ...appQuery(appId), enabled: mode === 'published' });
  // what visitors see opens with the owner's member link: an app with paid memberships opens with nothing less
  const published = mode === 'published' ? (app.data?.spaceApp?.documentUrl ?? null) : null;
  const memberLink = useQuery({ ...memberLinkQuery(appId), enabled: published !== null });
  // A change of the files swaps the new bundle into the live frame (decision 0012, "Swapping the bundle"); when it
  // cannot (other shared modules, a failed build, the frame not loaded) and on Reload, the frame loads again with
  // the link still valid (one round trip less, and none that waits behind the chat turn's writes); a link near its
  // expiry is replaced first, the frame meanwhile showing the last load.
  const frame = React.useRef<AppFrameHandle>(null);
  const [load, setLoad] = React.useState<{ key: number; src: string } | null>(null);
  const loads = React.useRef(0);
  const seen = React.useRef({ refreshKey, reloadKey });
  React.useEffect(() => {
    if (mode !== 'preview') return;
    let current = true;
    // the first load keeps its key: the frame mounted with the link of the query is not loaded twice
    const reload = (again = true) =>
      queryClient.fetchQuery(previewLinkQuery(appId)).then(
        (link) => current && setLoad({ key: again ? ++loads.current : loads.current, src: link.url }),
        // the query's own state shows the failure and offers Try again
        () => {},
      );
    const before = seen.current;
    seen.current = { refreshKey, reloadKey };
    if (before.reloadKey === reloadKey && before.refreshKey === refreshKey) void reload(false);
    else if (before.reloadKey === reloadKey && frame.current) {
      const generation = loads.current;
      void frame.current.swap().then((ok) => {
        // a load meanwhile already shows the current files
        if (!ok && current && generation === loads.current) void reload();
      });
    } else void reload();
    return () => {
      current = false;
    };
  }, [queryClient, appId, mode, refreshKey, reloadKey]);
  const source = mode === 'preview' ? preview : published !== null ? memberLink : app;
  const src = mode === 'preview' ? (load?.src ?? preview.data?.url) : published && memberLink.data?.url;
  const loadKey = mode === 'preview' ? (load?.key ?? 0) : refreshKey;

  if (source.isPending) {
    return (
      <div className={cn('h-full w-full p-6', className)} aria-busy="true" aria-label="Loading the app">
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="mt-4 h-40 w-full" />
      </div>
    );
  }
  if (source.isError) {
    return (
      <FrameMessage
        className={className}
        title="The app couldn't be loaded"
        message={errorMessage(source.error)}
        retry={isRetryable(source.error) ? () => void source.refetch() : undefined}
      />
    );
  }
  if (!src) {
    return (
      <FrameMessage
        className={className}
        title="Not published yet"
        message="Publish the app to see what visitors see."
      />
    );
  }
  return (
    <AppFrame
      ref={frame}
      key={`${mode}:${loadKey}`}
      src={src}
      title={app.data?.header || 'App preview'}
      onAppErrors={onAppErrors}
      // the builder's own session: the owner, who is the app's admin; sign-in actions only say so
      dataBridge={{ appId, preview: true }}
      className={className}
    />
  );
}
