import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { History, RotateCcw } from 'lucide-react';
import { MAX_APP_VERSIONS, type VersionsResponse } from '@buildai/domain';
import { PageError } from '@/components/page-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatRelativeTime } from '@/lib/format';
import { versionsListQuery } from '../api/versions';
import type { SpaceUIMessage } from '../lib/types';
import { DiffDialog } from './diff-dialog';
import { RevertDialog } from './revert-button';

type Version = VersionsResponse['versions'][number];

interface Props {
  appId: string;
  readOnly: boolean;
  /** a turn runs: diff and restore wait (spec 001 §4) */
  streaming: boolean;
  onRestored: (messages: SpaceUIMessage[]) => void;
}

const statusVariant = { added: 'success', modified: 'warning', deleted: 'destructive' } as const;
/** Paths a version row lists before '+ n more' (the diff has them all). */
const LISTED_PATHS = 4;

function ChangedFiles({ changes }: { changes: Version['changes'] }) {
  if (!changes) return <p className="text-xs text-muted-foreground">The oldest version kept</p>;
  if (changes.length === 0) return <p className="text-xs text-muted-foreground">No file changed</p>;
  return (
    <div className="grid gap-1">
      <p className="text-xs text-muted-foreground">
        {changes.length === 1 ? '1 file changed' : `${changes.length} files changed`}
      </p>
      <ul className="grid gap-0.5" aria-label="Files changed">
        {changes.slice(0, LISTED_PATHS).map((c) => (
          <li key={c.path} className="flex min-w-0 items-center gap-2 text-xs">
            <Badge variant={statusVariant[c.status]} className="h-4 shrink-0 px-1 text-[10px] capitalize">
              {c.status}
            </Badge>
            <span className="truncate font-mono" title={c.path}>
              {c.path}
            </span>
          </li>
        ))}
      </ul>
      {changes.length > LISTED_PATHS && (
        <p className="text-xs text-muted-foreground">+ {changes.length - LISTED_PATHS} more</p>
      )}
    </div>
  );
}

function VersionRow(props: {
  appId: string;
  version: Version;
  previousId: string | null;
  latest: boolean;
  readOnly: boolean;
  streaming: boolean;
  onRestore: (version: Version) => void;
}) {
  const { version, latest } = props;
  const at = new Date(version.timestamp);
  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3" aria-label={`Version of ${at.toLocaleString()}`}>
      <div className="flex items-start justify-between gap-2">
        <p className="line-clamp-2 min-w-0 text-sm font-medium [overflow-wrap:anywhere]">
          {version.userRequest.trim() || 'A change to the app'}
        </p>
        {latest && (
          <Badge variant="muted" className="shrink-0">
            Latest
          </Badge>
        )}
      </div>
      <time className="text-xs text-muted-foreground" dateTime={at.toISOString()} title={at.toLocaleString()}>
        {formatRelativeTime(at.toISOString())}
      </time>
      <ChangedFiles changes={version.changes} />
      <div className="flex flex-wrap items-center gap-1">
        {props.previousId && (
          <DiffDialog
            appId={props.appId}
            versionId={version.id}
            previousVersionId={props.previousId}
            touchedFiles={[]}
            streaming={props.streaming}
          />
        )}
        {!props.readOnly && version.messageId && (
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs text-muted-foreground"
            disabled={props.streaming}
            onClick={() => props.onRestore(version)}
          >
            <RotateCcw />
            Restore
          </Button>
        )}
      </div>
    </li>
  );
}

function VersionList(props: Props & { onRestore: (version: Version) => void }) {
  const versions = useQuery(versionsListQuery(props.appId));
  if (versions.isError)
    return (
      <PageError
        className="min-h-40"
        message={errorMessage(versions.error)}
        onRetry={() => void versions.refetch()}
      />
    );
  if (!versions.data)
    return (
      <div role="status" aria-label="Loading versions" className="grid gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 w-full" />
        ))}
      </div>
    );
  const list = versions.data.versions;
  if (list.length === 0)
    return (
      <div className="grid justify-items-center gap-2 py-16 text-center">
        <History className="size-8 text-muted-foreground/60" aria-hidden />
        <p className="text-sm font-medium">No versions yet</p>
        <p className="max-w-xs text-sm text-muted-foreground">
          Each change the chat makes to your app's files or database is kept here.
        </p>
      </div>
    );
  return (
    <ol className="grid gap-3" aria-label="Versions">
      {list.map((version, i) => (
        <VersionRow
          key={version.id}
          appId={props.appId}
          version={version}
          previousId={list[i + 1]?.id ?? null}
          latest={i === 0}
          readOnly={props.readOnly}
          streaming={props.streaming}
          onRestore={props.onRestore}
        />
      ))}
    </ol>
  );
}

/**
 * The version history (spec 001 §3, §9; issue 32 item 5): the kept versions, newest first, each with its request,
 * time and the files it changed, its diff against the one before, and a restore with the revert's confirmation.
 */
export function VersionsPanel(props: Props) {
  const [open, setOpen] = React.useState(false);
  const [restoring, setRestoring] = React.useState<Version | null>(null);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="h-8 gap-1.5 px-2.5 text-xs text-muted-foreground"
        onClick={() => setOpen(true)}
      >
        <History />
        History
      </Button>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent className="w-full gap-0 sm:max-w-md">
          <SheetHeader className="border-b pr-10">
            <SheetTitle>Version history</SheetTitle>
            <SheetDescription>
              The last {MAX_APP_VERSIONS} versions of your app. Restoring one removes every later message and
              change.
            </SheetDescription>
          </SheetHeader>
          <div className="min-h-0 flex-1 overflow-y-auto p-4">
            {open && <VersionList {...props} onRestore={setRestoring} />}
          </div>
        </SheetContent>
      </Sheet>
      {restoring?.messageId && (
        <RevertDialog
          appId={props.appId}
          versionId={restoring.id}
          messageId={restoring.messageId}
          streaming={props.streaming}
          open
          onOpenChange={(next) => !next && setRestoring(null)}
          onRestored={(messages) => {
            setRestoring(null);
            setOpen(false);
            props.onRestored(messages);
          }}
        />
      )}
    </>
  );
}
