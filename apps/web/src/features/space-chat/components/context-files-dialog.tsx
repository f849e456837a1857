import * as React from 'react';
import { FileText } from 'lucide-react';
import { spaceTexts, type ContextMetadata } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { contextGroups, type ContextFile } from '../lib/context-groups';

interface Props {
  isAdmin: boolean;
  contextMetadata?: ContextMetadata;
  contextFiles?: string[];
}

function Group({ title, files, isAdmin }: { title: string; files: ContextFile[]; isAdmin: boolean }) {
  if (!files.length) return null;
  return (
    <section aria-label={title} className="grid gap-1.5">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title} <span className="font-normal">({files.length})</span>
      </h3>
      <ul className="grid gap-1">
        {files.map((f) => (
          <li key={f.path} className="flex items-center gap-2 rounded-md border px-2.5 py-1.5 text-sm">
            <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 flex-1 truncate font-mono text-xs">{f.path}</span>
            {isAdmin &&
              f.methods.map((m) => (
                <Badge key={m} variant="muted">
                  {m}
                </Badge>
              ))}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Context Files (n)': which files the turn was given and which it used; admins filter by retrieval method. */
export function ContextFilesDialog({ isAdmin, contextMetadata, contextFiles }: Props) {
  const groups = React.useMemo(
    () => contextGroups(contextMetadata, contextFiles),
    [contextMetadata, contextFiles],
  );
  const [method, setMethod] = React.useState<string | null>(null);
  const only = (files: ContextFile[]) => (method ? files.filter((f) => f.methods.includes(method)) : files);
  const used = only(groups.used);
  const usedNotRetrieved = method ? [] : groups.usedNotRetrieved;
  const retrievedNotUsed = only(groups.retrievedNotUsed);
  const shown = used.length + usedNotRetrieved.length + retrievedNotUsed.length;
  const title = spaceTexts.contextFiles(groups.total);

  return (
    <Dialog onOpenChange={() => setMethod(null)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="h-7 px-2 text-xs text-muted-foreground">
          <FileText />
          {isAdmin ? title : 'Context files'}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-[600px]">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        {isAdmin && groups.recalls.length > 0 && (
          <div role="group" aria-label="Retrieval methods" className="flex flex-wrap gap-1.5">
            {[{ method: null as string | null, recall: -1 }, ...groups.recalls].map((r) => (
              <button
                key={r.method ?? 'all'}
                type="button"
                aria-pressed={method === r.method}
                onClick={() => setMethod(r.method)}
                className={cn(
                  'rounded-full border px-2.5 py-0.5 text-xs transition-colors',
                  method === r.method
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'hover:bg-accent',
                )}
              >
                {r.method === null ? 'All' : `${r.method} · recall ${Math.round(r.recall * 100)}%`}
              </button>
            ))}
          </div>
        )}
        <div className="grid max-h-[400px] gap-4 overflow-y-auto pr-1">
          {groups.total === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">{spaceTexts.noContextFiles}</p>
          ) : shown === 0 && method ? (
            <p className="py-6 text-center text-sm text-muted-foreground">
              {spaceTexts.noFilesForMethod(method)}
            </p>
          ) : (
            <>
              <Group title={spaceTexts.usedFiles} files={used} isAdmin={isAdmin} />
              <Group title={spaceTexts.usedNotRetrieved} files={usedNotRetrieved} isAdmin={isAdmin} />
              <Group title={spaceTexts.retrievedNotUsed} files={retrievedNotUsed} isAdmin={isAdmin} />
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
