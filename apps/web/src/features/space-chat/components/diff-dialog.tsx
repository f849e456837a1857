import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { GitCompare } from 'lucide-react';
import { spaceTexts } from '@buildai/domain';
import { PageError, PageLoader } from '@/components/page-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { versionQuery } from '../api/versions';
import { diffVersions, versionSnapshot } from '../lib/diff';
import { FileDiff } from './diff-view';

interface Props {
  appId: string;
  versionId: string;
  /** the version before this one; null when this is the first */
  previousVersionId: string | null;
  /** the files (and entity pseudo-files) this turn's actions named: without a version before, the diff shows only these */
  touchedFiles: string[];
  streaming: boolean;
}

function DiffBody({ appId, versionId, previousVersionId, touchedFiles }: Omit<Props, 'streaming'>) {
  // two plain queries rather than useQueries: its observer would join the framework file every page loads
  const current = useQuery(versionQuery(appId, versionId));
  const previous = useQuery({
    ...versionQuery(appId, previousVersionId ?? ''),
    enabled: !!previousVersionId,
  });
  const results = previousVersionId ? [previous, current] : [current];
  const failed = results.find((r) => r.isError);
  if (failed)
    return (
      <PageError
        className="min-h-40"
        message={errorMessage(failed.error)}
        onRetry={() => results.forEach((r) => void r.refetch())}
      />
    );
  if (results.some((r) => !r.data)) return <PageLoader className="min-h-40" label="Loading changes…" />;
  const after = versionSnapshot(results.at(-1)!.data!);
  const before = previousVersionId ? versionSnapshot(results[0]!.data!) : [];
  // the first version has no snapshot before it: the starter files are not this turn's changes
  const entries = diffVersions(before, after).filter(
    (e) => previousVersionId || touchedFiles.includes(e.path),
  );
  if (!entries.length)
    return <p className="py-10 text-center text-sm text-muted-foreground">{spaceTexts.noChanges}</p>;
  return (
    <div className="grid gap-3">
      {entries.map((e) => (
        <FileDiff key={e.path} entry={e} />
      ))}
    </div>
  );
}

/** 'All Changes': what this version changed against the one before, file by file (added, modified, deleted). */
export function DiffDialog({ streaming, ...props }: Props) {
  const [open, setOpen] = React.useState(false);
  const openDiff = () => {
    if (streaming) toast({ title: spaceTexts.diffBlocked });
    else setOpen(true);
  };
  return (
    <>
      <Button variant="ghost" size="sm" className="h-7 px-2 text-xs text-muted-foreground" onClick={openDiff}>
        <GitCompare />
        {spaceTexts.allChanges}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-[1000px]">
          <DialogHeader>
            <DialogTitle>{spaceTexts.allChanges}</DialogTitle>
            <DialogDescription>
              What this change did to the app's files and database entities.
            </DialogDescription>
          </DialogHeader>
          {open && <DiffBody {...props} />}
        </DialogContent>
      </Dialog>
    </>
  );
}
