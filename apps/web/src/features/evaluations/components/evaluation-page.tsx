import * as React from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, FlaskConical, Loader2, Plus, Save } from 'lucide-react';
import { EVALUATION_MAX_CASES, type Evaluation, type EvaluationCase } from '@buildai/domain';
import { PageError } from '@/components/page-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { useEvaluation, useModelOptions, useRun, useSaveCases, useStartRun } from '../api/evaluations';
import { blankCase, caseProblem, usesJudge } from '../lib/cases';
import { CaseCard } from './case-card';
import { RunHistory } from './run-history';
import { RunResults } from './run-results';
import { RunSetup, toVariant, type VariantDraft } from './run-setup';

function PageSkeleton() {
  return (
    <div className="mt-6 grid gap-4" aria-busy="true" aria-label="Loading the evaluation">
      <Skeleton className="h-40 w-full rounded-xl" />
      <Skeleton className="h-9 w-56" />
      <Skeleton className="h-56 w-full rounded-xl" />
    </div>
  );
}

function EmptyCases({ onAdd, kind }: { onAdd: () => void; kind: Evaluation['target']['kind'] }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <FlaskConical className="size-6" />
      </div>
      <h3 className="mt-4 font-semibold">No test cases yet</h3>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        A case is {kind === 'tool' ? 'a set of inputs' : 'a message'} and what a good answer does: contains a
        word, matches a pattern, is JSON with some keys, or satisfies a judge.
      </p>
      <Button className="mt-5" onClick={onAdd}>
        <Plus />
        Add a case
      </Button>
    </div>
  );
}

/** /evaluations/app/{appId}/{target}: a tool's (or the assistant's) test cases, runs and results. */
export function EvaluationPage() {
  const { appId = '', target = '' } = useParams();
  const evaluation = useEvaluation(appId, target);
  const models = useModelOptions();
  const save = useSaveCases(appId, target);
  const start = useStartRun(appId, target);
  const [cases, setCases] = React.useState<EvaluationCase[] | null>(null);
  const [tab, setTab] = React.useState<'cases' | 'results'>('cases');
  const [selected, setSelected] = React.useState<string | null>(null);
  const data = evaluation.data;

  // the saved cases become the draft once loaded, and again after each save
  React.useEffect(() => {
    if (data) setCases(data.cases);
  }, [data?.updatedAt]);
  React.useEffect(() => {
    if (data && selected === null && data.runs[0]) {
      setSelected(data.runs[0].runId);
      setTab('results');
    }
  }, [data, selected]);
  const run = useRun(appId, target, selected);

  const draft = cases ?? data?.cases ?? [];
  const dirty = data !== undefined && JSON.stringify(draft) !== JSON.stringify(data.cases);
  const problem = draft.map(caseProblem).find((p) => p !== null) ?? null;
  const running = start.isPending || run.data?.status === 'running';
  const backPath =
    data?.target.kind === 'assistant' || target === 'assistant'
      ? `/build/app/${encodeURIComponent(appId)}`
      : `/build/app/${encodeURIComponent(appId)}/tool/${encodeURIComponent(target)}`;

  const update = (next: EvaluationCase[]) => setCases(next);
  const saveCases = () => save.mutateAsync(draft);
  const runNow = async (variants: VariantDraft[], judgeModel: string) => {
    if (dirty) await saveCases();
    const started = await start.mutateAsync({
      variants: variants.map(toVariant),
      ...(judgeModel ? { judgeModel } : {}),
    });
    setSelected(started.runId);
    setTab('results');
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <Button variant="ghost" size="sm" asChild className="-ml-2 text-muted-foreground">
        <Link to={backPath}>
          <ArrowLeft />
          {target === 'assistant' ? 'Back to builder' : 'Back to the tool'}
        </Link>
      </Button>
      <div className="mt-3 min-w-0">
        {data ? (
          <>
            <h1 className="truncate text-2xl font-semibold tracking-tight">Evaluate {data.target.name}</h1>
            <p className="mt-1 truncate text-sm text-muted-foreground">
              {data.appName} · runs ask {data.target.model}
            </p>
          </>
        ) : evaluation.isPending ? (
          <Skeleton className="h-8 w-64" />
        ) : (
          <h1 className="text-2xl font-semibold tracking-tight">Evaluation</h1>
        )}
      </div>

      {evaluation.isPending ? (
        <PageSkeleton />
      ) : evaluation.isError || !data ? (
        <PageError
          title="The evaluation couldn't be loaded"
          message={errorMessage(evaluation.error)}
          onRetry={() => void evaluation.refetch()}
          className="mt-6 min-h-[40svh] rounded-2xl border bg-card"
        />
      ) : (
        <div className="mt-6 grid gap-6">
          <RunSetup
            target={data.target}
            defaultJudgeModel={data.defaultJudgeModel}
            models={models.data ?? []}
            needsJudge={usesJudge(draft)}
            running={running}
            disabledReason={
              draft.length === 0
                ? 'Add a test case first'
                : problem
                  ? `Fix the cases first: ${problem}`
                  : null
            }
            onRun={(variants, judge) => void runNow(variants, judge).catch(() => {})}
          />
          {(start.error || save.error) && (
            <p role="alert" className="-mt-3 text-sm text-destructive">
              {errorMessage(start.error ?? save.error)}
            </p>
          )}

          <Tabs value={tab} onValueChange={(v) => setTab(v as 'cases' | 'results')}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <TabsList>
                <TabsTrigger value="cases">Test cases ({draft.length})</TabsTrigger>
                <TabsTrigger value="results">Results</TabsTrigger>
              </TabsList>
              {tab === 'cases' && (
                <div className="flex items-center gap-2">
                  {dirty && <span className="text-xs text-muted-foreground">Unsaved changes</span>}
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={!dirty || save.isPending || problem !== null}
                    title={problem ?? undefined}
                    onClick={() => void saveCases().catch(() => {})}
                  >
                    {save.isPending ? <Loader2 className="animate-spin" /> : <Save />}
                    Save cases
                  </Button>
                </div>
              )}
            </div>

            <TabsContent value="cases" className="mt-2 grid gap-3">
              {draft.length === 0 ? (
                <EmptyCases kind={data.target.kind} onAdd={() => update([blankCase()])} />
              ) : (
                <>
                  {draft.map((c, i) => (
                    <CaseCard
                      key={c.id}
                      index={i}
                      value={c}
                      fields={data.target.fields}
                      onChange={(next) => update(draft.map((x) => (x.id === c.id ? next : x)))}
                      onRemove={() => update(draft.filter((x) => x.id !== c.id))}
                    />
                  ))}
                  {draft.length < EVALUATION_MAX_CASES && (
                    <Button
                      variant="outline"
                      className="w-fit"
                      onClick={() => update([...draft, blankCase()])}
                    >
                      <Plus />
                      Add a case
                    </Button>
                  )}
                  {problem && <p className="text-sm text-muted-foreground">{problem}</p>}
                </>
              )}
            </TabsContent>

            <TabsContent value="results" className="mt-2">
              <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
                <div className="min-w-0">
                  {selected === null ? (
                    <p className="rounded-xl border border-dashed bg-card px-6 py-12 text-center text-sm text-muted-foreground">
                      Run the evaluation to see each case's answer, its checks, and the pass rate, cost and
                      latency.
                    </p>
                  ) : run.isError ? (
                    <PageError
                      title="This run couldn't be loaded"
                      message={errorMessage(run.error)}
                      onRetry={() => void run.refetch()}
                      className="min-h-60 rounded-xl border bg-card"
                    />
                  ) : !run.data ? (
                    <Skeleton className="h-64 w-full rounded-xl" />
                  ) : (
                    <RunResults run={run.data} cases={data.cases} />
                  )}
                </div>
                <RunHistory runs={data.runs} selected={selected} onSelect={setSelected} />
              </div>
            </TabsContent>
          </Tabs>
        </div>
      )}
    </div>
  );
}
