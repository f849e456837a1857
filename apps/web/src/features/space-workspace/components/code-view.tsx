import * as React from 'react';
import { FileCode2, Lock } from 'lucide-react';
import type { AppFile } from '@buildai/domain';
import { PageError } from '@/components/page-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import type { FileDrafts } from '../lib/file-drafts';
import { FileTree } from './file-tree';
import { SaveStatus } from './save-status';

// CodeMirror is loaded only when an admin opens the code tab (the builder page stays light, bench/page-weight.ts)
const CodeEditor = React.lazy(() => import('@/components/builder/code-editor'));

interface Props {
  files: readonly AppFile[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  drafts: FileDrafts;
  /** admins edit (spec 000 §2); everyone else reads */
  isAdmin: boolean;
  className?: string;
}

/** The Code tab: the app's files as a tree and the open file, in the admin's editor or read-only. */
export function CodeView({ files, loading, error, onRetry, drafts, isAdmin, className }: Props) {
  const paths = React.useMemo(() => (files ?? []).map((f) => f.path), [files]);
  const [chosen, setChosen] = React.useState<string | null>(null);
  // the chosen file, else the first page, else the first file (a deleted file falls back the same way)
  const selected =
    chosen && paths.includes(chosen)
      ? chosen
      : (paths.find((p) => p.startsWith('pages/')) ?? paths[0] ?? null);

  if (error && !files)
    return <PageError title="We couldn't load the files" message={errorMessage(error)} onRetry={onRetry} />;
  if (loading && !files)
    return (
      <div className={cn('grid grid-cols-[220px_1fr] gap-4 p-4', className)} aria-busy>
        <div className="grid gap-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-5" />
          ))}
        </div>
        <Skeleton className="h-full min-h-64" />
      </div>
    );

  return (
    <div
      className={cn(
        'flex min-h-0 flex-1 flex-col md:grid md:grid-cols-[220px_minmax(0,1fr)] md:grid-rows-[minmax(0,1fr)]',
        className,
      )}
    >
      <div className="max-h-48 shrink-0 overflow-y-auto border-b bg-muted/30 md:max-h-none md:border-r md:border-b-0">
        {paths.length === 0 ? (
          <p className="p-4 text-sm text-muted-foreground">No files yet</p>
        ) : (
          <FileTree
            paths={paths}
            selected={selected}
            onSelect={setChosen}
            isDirty={(p) => drafts.isDirty(p)}
          />
        )}
      </div>
      {selected ? (
        <FilePane key={selected} path={selected} drafts={drafts} isAdmin={isAdmin} />
      ) : (
        <div className="flex flex-1 items-center justify-center text-sm text-muted-foreground">
          Pick a file to see its code
        </div>
      )}
    </div>
  );
}

function FilePane({ path, drafts, isAdmin }: { path: string; drafts: FileDrafts; isAdmin: boolean }) {
  const content = drafts.contentOf(path) ?? '';
  const conflict = drafts.hasConflict(path);
  const saveError = drafts.errorOf(path);
  return (
    <section aria-label={`File ${path}`} className="flex min-h-0 min-w-0 flex-1 flex-col">
      <div className="flex h-10 shrink-0 items-center justify-between gap-3 border-b px-3">
        <span className="flex min-w-0 items-center gap-2 font-mono text-xs">
          <FileCode2 className="size-3.5 shrink-0 text-muted-foreground" />
          <span className="truncate">{path}</span>
        </span>
        {isAdmin ? (
          <SaveStatus status={drafts.status} />
        ) : (
          <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Lock className="size-3.5" />
            Read only
          </span>
        )}
      </div>
      {conflict && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 border-b bg-amber-50 px-3 py-2 text-xs text-amber-900"
        >
          <span className="flex-1">
            The chat changed this file while you were editing it. Your edit is kept and not saved yet.
          </span>
          <Button size="sm" variant="outline" className="h-7" onClick={() => drafts.takeTheirs(path)}>
            Use the chat&apos;s version
          </Button>
          <Button size="sm" className="h-7" onClick={() => void drafts.keepMine(path)}>
            Keep my edit
          </Button>
        </div>
      )}
      {saveError && !conflict && (
        <div role="alert" className="flex items-center gap-2 border-b bg-destructive/5 px-3 py-2 text-xs">
          <span className="flex-1 text-destructive">Your edit was not saved: {saveError}</span>
          <Button size="sm" variant="outline" className="h-7" onClick={() => void drafts.flush()}>
            Try again
          </Button>
        </div>
      )}
      <div className="min-h-0 flex-1 overflow-auto">
        {isAdmin ? (
          <React.Suspense fallback={<ReadOnlyCode content={content} />}>
            <CodeEditor
              path={path}
              value={content}
              onChange={(next) => drafts.edit(path, next)}
              className="h-full"
            />
          </React.Suspense>
        ) : (
          <ReadOnlyCode content={content} />
        )}
      </div>
    </section>
  );
}

/** The file's text with line numbers (what non-admins see, and the admin's editor while it loads). */
function ReadOnlyCode({ content }: { content: string }) {
  const lines = content.split('\n');
  return (
    <pre aria-label="Source code" className="min-w-max py-2 font-mono text-[13px] leading-[1.4]">
      {lines.map((line, i) => (
        <div key={i} className="flex">
          <span className="w-12 shrink-0 pr-3 text-right text-muted-foreground/60 select-none">{i + 1}</span>
          <code className="pr-4">{line || ' '}</code>
        </div>
      ))}
    </pre>
  );
}
