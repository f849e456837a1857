import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Loader2, Save } from 'lucide-react';
import {
  APP_FILE_PATH,
  AppError,
  applyToolChanges,
  checkToolDocument,
  isLiteBuilder,
  newToolDocument,
  readDocumentText,
  toolPathOfFile,
  type AppView,
} from '@buildai/domain';
import { PageError } from '@/components/page-state';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { appQuery } from '@/lib/app-query';
import { errorMessage, isAppError } from '@/lib/api-client';
import { appFilesQuery, saveAppFile } from '@/lib/builder-api/app-files';
import type { BuilderAccount } from '@/lib/builder-types';

const CodeEditor = React.lazy(() => import('@/components/builder/code-editor'));

const issueOf = (err: unknown): string => {
  if (err instanceof AppError || isAppError(err)) {
    const { message, field } = err as { message: string; field?: string };
    return field && !message.startsWith(field) ? `${message} (at ${field})` : message;
  }
  return errorMessage(err);
};

/**
 * What is wrong with a document as the builder wrote it, by the domain's rules of a tool (the ones the server
 * answers on save, decision 0015): empty when it may be saved.
 */
export function documentIssues(file: string, text: string, app: AppView, account: BuilderAccount): string[] {
  try {
    const sent = readDocumentText(text);
    const path = toolPathOfFile(file);
    if (path === null) return [];
    const tool = app.tools.find((t) => t.path === path);
    const { id: _id, ...fields } = sent;
    const doc = applyToolChanges(newToolDocument({ title: tool?.title ?? '' }), {
      ...fields,
      path: fields.path ?? path,
    });
    const rights = { isAdmin: account.isAdmin, isLite: isLiteBuilder(account) };
    checkToolDocument(doc, rights, app.tools, tool?.toolId);
    return [];
  } catch (err) {
    return [issueOf(err)];
  }
}

/**
 * The Code editor of a generated app (spec 001 §2): its documents, `app.json` and one `tools/{path}.json` per tool,
 * as readable JSON checked as the builder types by the rules the server applies on save; the issues list says what
 * to fix. Saving changes the app as the panels and the App Chat do.
 */
export function GeneratedCodePanel({ app, account }: { app: AppView; account: BuilderAccount }) {
  const queryClient = useQueryClient();
  const files = useQuery(appFilesQuery(app.appId));
  const [open, setOpen] = React.useState<string>(APP_FILE_PATH);
  const [drafts, setDrafts] = React.useState<Record<string, string>>({});
  const [saving, setSaving] = React.useState(false);
  const [serverIssue, setServerIssue] = React.useState<string | null>(null);

  if (files.isPending)
    return (
      <div role="status" aria-label="Loading the code" className="grid gap-3">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  if (files.isError)
    return <PageError message={errorMessage(files.error)} onRetry={() => void files.refetch()} />;

  const file = files.data.find((f) => f.path === open) ?? files.data[0]!;
  const text = drafts[file.path] ?? file.content;
  const changed = text !== file.content;
  const issues = [...documentIssues(file.path, text, app, account), ...(serverIssue ? [serverIssue] : [])];

  async function save() {
    setSaving(true);
    setServerIssue(null);
    try {
      await saveAppFile(app.appId, file.path, text);
      setDrafts(({ [file.path]: _saved, ...rest }) => rest);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: appQuery(app.appId).queryKey, exact: true }),
        files.refetch(),
      ]);
      toast({ title: `${file.path} saved` });
    } catch (err) {
      setServerIssue(issueOf(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="grid gap-3">
      <div className="flex items-end gap-2">
        <label className="grid flex-1 gap-1.5 text-sm font-medium">
          File
          <NativeSelect
            value={file.path}
            onChange={(e) => {
              setOpen(e.target.value);
              setServerIssue(null);
            }}
          >
            {files.data.map((f) => (
              <option key={f.path} value={f.path}>
                {f.path}
                {drafts[f.path] !== undefined && drafts[f.path] !== f.content ? ' •' : ''}
              </option>
            ))}
          </NativeSelect>
        </label>
        <Button onClick={() => void save()} disabled={!changed || saving || issues.length > 0}>
          {saving ? <Loader2 className="animate-spin" /> : <Save />}
          Save
        </Button>
      </div>
      <div className="h-[420px] overflow-hidden rounded-lg border bg-background">
        <React.Suspense fallback={<Skeleton className="h-full w-full" />}>
          <CodeEditor
            path={file.path}
            value={text}
            onChange={(value) => {
              setDrafts((all) => ({ ...all, [file.path]: value }));
              setServerIssue(null);
            }}
            className="h-full"
          />
        </React.Suspense>
      </div>
      <section
        aria-label="Issues"
        className={
          issues.length
            ? 'rounded-lg border border-destructive/30 bg-destructive/5 p-3'
            : 'rounded-lg border bg-muted/30 p-3'
        }
      >
        {issues.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CheckCircle2 className="size-4 text-emerald-600" />
            No issues{changed ? ': ready to save' : ''}
          </p>
        ) : (
          <>
            <p className="text-xs font-semibold tracking-wide text-destructive uppercase">
              Issues ({issues.length})
            </p>
            <ul className="mt-1.5 grid gap-1">
              {issues.map((issue) => (
                <li key={issue} className="flex items-start gap-2 text-sm">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" />
                  {issue}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
