import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppErrorItem } from '@buildai/domain';
import { LoaderCircle } from 'lucide-react';
import { errorMessage, isAppError, isRetryable } from '@/lib/api-client';
import { appQuery } from '@/lib/app-query';
import { queryKeys } from '@/lib/query-keys';
import { memberLinkQuery } from '../api/member-link';
import { previewLinkQuery } from '../api/preview-link';
import { addressOfPage, documentWithPage, isPageOfApp, pageOfAddress } from '../lib/app-address';
import { AppFrame, type AppFrameHandle } from './app-frame';
import { FrameMessage } from './frame-message';
import { OwnerIssues } from './owner-issues';

const NOT_FOUND =
  "This app doesn't exist, or its owner hasn't published it yet. Check the link and try again.";

/**
 * The public page of a space app, `/app/{appId}/{Page}`: the app fills the window in its sandboxed frame, and the
 * frame's navigation shows in the address bar (Back and Forward move the frame). Needs no router: it reads and
 * writes the address with the History API, so it fits any page that renders it.
 */
export function SpaceAppPage({ appId, membersOnly = false }: { appId: string; membersOnly?: boolean }) {
  const app = useQuery(appQuery(appId));
  const data = app.data;
  const published = data?.spaceApp?.documentUrl ?? null;
  // the owner sees the current files until the app is published
  const ownerPreview = Boolean(data?.isOwner && !published && data.appType === 'space');
  const preview = useQuery({ ...previewLinkQuery(appId), enabled: ownerPreview });
  // an app with paid memberships opens with a member's link: the sandboxed page carries no session
  const viaMemberLink = membersOnly && Boolean(published);
  const memberLink = useQuery({ ...memberLinkQuery(appId), enabled: viaMemberLink });
  const documentUrl = viaMemberLink ? (memberLink.data?.url ?? null) : published;
  // the page the frame opens on: the address's, when the page opens and when a sign-out loads the app again
  const [initial, setInitial] = React.useState(() => ({
    load: 0,
    ...pageOfAddress(appId, window.location.pathname, window.location.search),
  }));
  const frame = React.useRef<AppFrameHandle>(null);
  const [errors, setErrors] = React.useState<AppErrorItem[]>([]);
  const queryClient = useQueryClient();
  const onSignedOut = React.useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.app(appId) });
    setErrors([]);
    setInitial((last) => ({
      load: last.load + 1,
      ...pageOfAddress(appId, window.location.pathname, window.location.search),
    }));
  }, [queryClient, appId]);

  React.useEffect(() => {
    if (data?.header) document.title = data.header;
  }, [data?.header]);

  React.useEffect(() => {
    const onPop = () => {
      const shown = pageOfAddress(appId, window.location.pathname, window.location.search);
      frame.current?.go(shown.page, shown.search);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [appId]);

  const onNavigate = React.useCallback(
    (page: string, search: string, replace: boolean) => {
      // the frame moves the address bar only among the app's own pages
      if (!isPageOfApp(page)) return;
      const next = addressOfPage(appId, page, search);
      if (next === `${window.location.pathname}${window.location.search}`) return;
      if (replace) window.history.replaceState(null, '', next);
      else window.history.pushState(null, '', next);
    },
    [appId],
  );

  const base = documentUrl ?? (ownerPreview ? preview.data?.url : undefined);
  if (app.isPending || (ownerPreview && preview.isPending) || (viaMemberLink && memberLink.isPending)) {
    return (
      <div className="flex h-svh items-center justify-center" role="status" aria-label="Loading the app">
        <LoaderCircle className="size-6 animate-spin text-muted-foreground" />
      </div>
    );
  }
  const failure = app.error ?? (ownerPreview ? preview.error : viaMemberLink ? memberLink.error : null);
  if (failure && !(isAppError(failure) && failure.status === 404)) {
    return (
      <FrameMessage
        className="h-svh"
        title="This app couldn't be loaded"
        message={errorMessage(failure)}
        retry={
          isRetryable(failure)
            ? () =>
                void (app.isError ? app.refetch() : viaMemberLink ? memberLink.refetch() : preview.refetch())
            : undefined
        }
      />
    );
  }
  if (!base || data?.appType !== 'space') {
    return <FrameMessage className="h-svh" title="App not found" message={NOT_FOUND} />;
  }
  return (
    <div className="flex h-svh flex-col pt-[var(--app-account-top,0px)]">
      {ownerPreview && (
        <p className="border-b bg-muted/60 px-4 py-2 text-center text-sm text-muted-foreground">
          Only you can see this page until the app is published.
        </p>
      )}
      <AppFrame
        key={initial.load}
        ref={frame}
        src={documentWithPage(base, initial.page, initial.search)}
        title={data.header || 'App'}
        onNavigate={onNavigate}
        onAppErrors={data.isOwner ? setErrors : undefined}
        dataBridge={{ appId, preview: ownerPreview, onSignedOut }}
        className="flex-1"
      />
      <OwnerIssues appId={appId} errors={errors} />
    </div>
  );
}
