import * as React from 'react';
import { FileText, Loader2, Search } from 'lucide-react';
import {
  testRetrievalRequest,
  type RetrievalMethodResult,
  type RetrievalPassage,
  type TestRetrievalResponse,
} from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useTestRetrieval } from '../api/context-items';

export const METHOD_LABEL: Record<RetrievalMethodResult['method'], string> = {
  fulltext: 'Full text',
  vector: 'Vector',
  hybrid: 'Hybrid',
};

/** What a method's score means, beside its numbers. */
const SCORE_HINT: Record<RetrievalMethodResult['method'], string> = {
  fulltext: 'word match rank',
  vector: 'cosine similarity',
  hybrid: 'rank fusion',
};

/**
 * Test retrieval (decision 0017): a question, and the passages each retrieval method returns for it with their
 * scores, before any end user asks. It reads only; the method the app's runs use is marked.
 */
export function TestRetrieval({ appId }: { appId: string }) {
  const test = useTestRetrieval(appId);
  const [query, setQuery] = React.useState('');
  const [problem, setProblem] = React.useState<string | null>(null);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = testRetrievalRequest.shape.query.safeParse(query);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]!.message);
      return;
    }
    setProblem(null);
    test.mutate(parsed.data);
  }

  const error = problem ?? (test.isError ? errorMessage(test.error) : null);
  return (
    <section className="grid min-w-0 gap-3 border-t pt-5" aria-labelledby="test-retrieval-title">
      <div className="grid gap-1">
        <h3 id="test-retrieval-title" className="text-sm font-semibold">
          Test retrieval
        </h3>
        <p className="text-xs text-muted-foreground">
          Ask what your users might ask and see which passages each search method finds, with their scores.
        </p>
      </div>
      <form className="flex gap-2" noValidate onSubmit={submit}>
        <Input
          aria-label="Test question"
          placeholder="What is your return policy?"
          value={query}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={test.isPending}>
          {test.isPending ? <Loader2 className="animate-spin" /> : <Search />}
          Test
        </Button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {test.data && !test.isPending && <Results data={test.data} />}
    </section>
  );
}

function Results({ data }: { data: TestRetrievalResponse }) {
  return (
    <div className="grid gap-3" data-testid="retrieval-results">
      {data.results.map((result) => (
        <section
          key={result.method}
          aria-label={`${METHOD_LABEL[result.method]} results`}
          className={cn(
            'grid min-w-0 content-start gap-2 rounded-lg border p-3',
            result.method === data.appMethod && 'border-primary/40 bg-primary/[0.03]',
          )}
        >
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h4 className="text-sm font-medium">{METHOD_LABEL[result.method]}</h4>
            {result.method === data.appMethod && <Badge variant="secondary">Used by your runs</Badge>}
            <span className="ml-auto text-[11px] text-muted-foreground">
              Score: {SCORE_HINT[result.method]}
            </span>
          </div>
          {!result.available ? (
            <p className="text-xs text-muted-foreground">Not available here. {result.reason}</p>
          ) : result.passages.length === 0 ? (
            <p className="text-xs text-muted-foreground">No passage matches this question.</p>
          ) : (
            <ol className="grid gap-2">
              {result.passages.map((p, i) => (
                <PassageRow key={p.chunkId} passage={p} rank={i + 1} />
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}

function PassageRow({ passage, rank }: { passage: RetrievalPassage; rank: number }) {
  const [open, setOpen] = React.useState(false);
  return (
    <li className="grid min-w-0 gap-1 rounded-md bg-muted/50 p-2">
      <div className="flex items-center gap-1.5 text-xs">
        <span className="font-mono text-muted-foreground tabular-nums">{rank}.</span>
        <FileText className="size-3 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0 flex-1 truncate font-medium">{passage.itemName}</span>
        <span className="font-mono text-muted-foreground tabular-nums" title="Score">
          {formatScore(passage.score)}
        </span>
      </div>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        className={cn(
          'min-w-0 text-left text-xs leading-relaxed break-words text-muted-foreground hover:text-foreground',
          !open && 'line-clamp-3',
        )}
      >
        {passage.content}
      </button>
    </li>
  );
}

/** Scores differ by method (ranks, similarities, fused ranks): four significant digits show them all. */
export function formatScore(score: number): string {
  if (score === 0) return '0';
  return Math.abs(score) >= 1 ? score.toFixed(3) : score.toPrecision(3);
}
