import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, PencilLine } from 'lucide-react';
import { errorCatalogue, type LogRating } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { errorMessage, isAppError, isRetryable } from '@/lib/api-client';
import { Link, navigate } from '@/lib/page-location';
import { queryKeys } from '@/lib/query-keys';
import { useRuntimeApp } from '../api/get-app';
import { useMemories } from '../api/get-memories';
import { savedRunKey, useSavedRun, type SavedRun } from '../api/get-run';
import { useToolRun } from '../hooks/use-tool-run';
import { toFieldValues } from '../lib/form-steps';
import { RUN_LIMIT_CODES } from '../lib/run-state';
import { appHomePath, resultPagePath, toolPagePath } from '../lib/paths';
import { rateResult } from '../api/rate-result';
import { AppLogo, AppThemeScope } from './app-theme';
import { MadeWithFooter } from './made-with-footer';
import { ToolForm } from './tool-form';
import { ResultSkeleton, RunPageSkeleton, Unavailable } from './unavailable';

/** A run of an app with paid memberships, refused to a visitor who is not a member. */
const MEMBERSHIP_REQUIRED_CODE = 'payments/membership-required';

// The result, its call to action and a saved result load when a run starts or a result page opens, not with the
// form people come to fill in (docs/decisions/0005 "Page weight"); a run's first event takes longer than they do.
const outcome = () => import('./run-outcome');
const RunResult = React.lazy(() => outcome().then((m) => ({ default: m.RunResult })));
const SavedResult = React.lazy(() => outcome().then((m) => ({ default: m.SavedResult })));
const RunCta = React.lazy(() => outcome().then((m) => ({ default: m.RunCta })));

/**
 * The public page of a tool, `/app/:appId/tool/:toolPath`, and of one of its results,
 * `/app/:appId/:resultId/tool/:toolPath`: in the app's branding, no sign-in, no builder chrome.
 */
export function ToolRunPage({
  appId,
  toolPath,
  resultId,
  onMembershipRequired,
}: {
  appId: string;
  toolPath: string;
  resultId?: string;
  /** a run was refused because the app asks for a membership (the page's owner shows the plan) */
  onMembershipRequired?: () => void;
}) {
  const queryClient = useQueryClient();
  const app = useRuntimeApp(appId);
  const tools = app.data?.tools ?? [];
  const tool = tools.find((t) => t.path === toolPath);
  const memories = useMemories(appId);
  const resultRef = React.useRef<HTMLDivElement>(null);

  const run = useToolRun(appId, toolPath, {
    onFinish: ({ runId, text, inputs, citations }) => {
      // the result path below reads this run from the cache instead of asking the server again
      queryClient.setQueryData<SavedRun>(savedRunKey(appId, runId), {
        runId,
        toolId: tool?.toolId ?? '',
        toolPath,
        status: 'succeeded',
        output: text,
        createdAt: new Date().toISOString(),
        inputs,
        citations,
        yours: true,
        rating: null,
      });
      // the run is in the user's history now
      void queryClient.invalidateQueries({ queryKey: queryKeys.myHistory(appId) });
      navigate(resultPagePath(appId, runId, toolPath), { replace: true });
    },
  });
  const live = run.state.status !== 'idle';
  const rate = (runId: string, rating: LogRating, reason?: string) =>
    rateResult(appId, runId, rating, reason).then((rated) => {
      // the thumb shows in the user's history, and on the result when it is opened again
      void queryClient.invalidateQueries({ queryKey: queryKeys.myHistory(appId) });
      queryClient.setQueryData<SavedRun>(savedRunKey(appId, runId), (old) =>
        old ? { ...old, rating: rated.rating } : old,
      );
      return rated;
    });
  const saved = useSavedRun(appId, live ? undefined : resultId);

  const defaults = React.useMemo(
    () => ({ ...toFieldValues(memories.data), ...toFieldValues(saved.data?.inputs) }),
    [memories.data, saved.data],
  );

  const refusal = run.state.error;
  const membershipRequired = React.useRef(onMembershipRequired);
  React.useEffect(() => {
    membershipRequired.current = onMembershipRequired;
  });
  React.useEffect(() => {
    if (refusal?.code === MEMBERSHIP_REQUIRED_CODE) membershipRequired.current?.();
  }, [refusal]);

  React.useEffect(() => {
    if (run.state.status === 'loading')
      resultRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [run.state.status]);

  React.useEffect(() => {
    const title = tool?.app.header.trim() || tool?.title;
    if (title) document.title = title;
  }, [tool]);

  function runAgain() {
    run.reset();
    if (resultId) navigate(toolPagePath(appId, toolPath));
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  }

  const runId = live ? run.state.runId : resultId;
  const shareUrl = runId ? `${window.location.origin}${resultPagePath(appId, runId, toolPath)}` : '';
  const succeeded = live ? run.state.status === 'success' : saved.data?.status === 'succeeded';
  const activeTools = tools.filter((t) => t.status === 'active');
  // a run refused by the user's run limit: another would be refused too until the limit resets
  const limitReached = run.state.error !== null && RUN_LIMIT_CODES.includes(run.state.error.code);
  const style = app.data?.appStyle;

  return (
    <AppThemeScope appStyle={style} className="flex min-h-svh flex-col pt-[var(--app-account-top,0px)]">
      {app.data && (activeTools.length > 1 || style?.logoUrl) && (
        <header className="mx-auto flex w-full max-w-2xl items-center justify-between gap-3 px-4 pt-5 sm:px-6 sm:pt-8">
          <AppLogo appStyle={style} name={app.data.header} />
          {activeTools.length > 1 && (
            <Button variant="outline" size="sm" asChild className="ml-auto">
              <Link to={appHomePath(appId)}>
                <ArrowLeft />
                All tools
              </Link>
            </Button>
          )}
        </header>
      )}
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 pt-8 pb-4 sm:px-6 sm:pt-12">
        {app.isPending ? (
          <RunPageSkeleton />
        ) : app.isError || !tool ? (
          <Unavailable
            title="This tool isn't available"
            message={`${(app.isError
              ? isAppError(app.error) && app.error.status === 404
                ? app.error.message
                : errorMessage(app.error)
              : errorCatalogue['tool/not-found'].message
            ).replace(/\.$/, '')}. The link may be wrong, or its owner hasn't published it yet.`}
            retry={app.isError && isRetryable(app.error) ? () => void app.refetch() : undefined}
          />
        ) : (
          <div className="grid gap-6">
            {app.data.isOwner && (
              <OwnerBanner
                editPath={`/build/app/${encodeURIComponent(appId)}/tool/${encodeURIComponent(tool.toolId)}`}
                draft={tool.status !== 'active' || !app.data.isPublished}
              />
            )}
            <ToolForm
              key={tool.toolId}
              app={tool.app}
              framed
              creditsPerRun={app.data.appSettings.creditsPerRun ?? 0}
              defaultValues={defaults}
              running={run.state.status === 'loading'}
              blockedReason={limitReached ? 'Run limit reached' : undefined}
              onGenerate={(inputs) => void run.run(inputs)}
              onStop={run.stop}
            />
            <div ref={resultRef} className="grid scroll-mt-6 gap-6">
              <React.Suspense fallback={live || resultId ? <ResultSkeleton /> : null}>
                {live ? (
                  <RunResult state={run.state} shareUrl={shareUrl} onRunAgain={runAgain} onRate={rate} />
                ) : (
                  resultId && (
                    <SavedResult query={saved} shareUrl={shareUrl} onRunAgain={runAgain} onRate={rate} />
                  )
                )}
                {succeeded && <RunCta app={tool.app} />}
              </React.Suspense>
            </div>
          </div>
        )}
      </main>
      {!style?.hideBuildAI && <MadeWithFooter />}
    </AppThemeScope>
  );
}

function OwnerBanner({ editPath, draft }: { editPath: string; draft: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-background/85 px-4 py-3 text-sm text-foreground shadow-xs backdrop-blur">
      <span className="text-muted-foreground">
        {draft
          ? 'Only you can see this page until the tool is active and the app is published.'
          : 'You own this tool.'}
      </span>
      <Button size="sm" variant="outline" asChild>
        <Link to={editPath}>
          <PencilLine />
          Edit tool
        </Link>
      </Button>
    </div>
  );
}
