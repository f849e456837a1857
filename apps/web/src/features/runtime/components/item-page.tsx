import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Check, Link2 } from 'lucide-react';
import { itemTitle, RECORD_SYSTEM_FIELDS, type EntityRecord } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getRecord } from '@/lib/app-records';
import { errorMessage, isAppError, isRetryable } from '@/lib/api-client';
import { Link } from '@/lib/page-location';
import { useRuntimeApp } from '../api/get-app';
import { appHomePath } from '../lib/paths';
import { AppLogo, AppThemeScope } from './app-theme';
import { MadeWithFooter } from './made-with-footer';
import { Unavailable } from './unavailable';

const NOT_HERE =
  "This item doesn't exist, or it isn't shared with you. If it was shared with your account, sign in and open the link again.";

/**
 * `{app base}/item/{entity}/{recordId}` (spec 000 §2, issue 32 item 29): one record of the app's database, shown to
 * whoever its entity's access rules let read it (the server decides; anyone else gets "not here"), with a link to
 * share. The server puts the same record's title, text and image in the document for link previews, for records an
 * anonymous visitor may read.
 */
export function ItemPage({ appId, entity, recordId }: { appId: string; entity?: string; recordId?: string }) {
  const app = useRuntimeApp(appId);
  const record = useQuery({
    queryKey: ['apps', appId, 'item', entity ?? '', recordId ?? ''],
    queryFn: () => getRecord(appId, entity!, recordId!),
    enabled: Boolean(entity && recordId),
    retry: false,
  });
  const title = record.data ? itemTitle(record.data) || entity! : '';
  const appName = app.data?.header.trim() ?? '';
  React.useEffect(() => {
    if (title) document.title = appName ? `${title} · ${appName}` : title;
  }, [title, appName]);

  const missing =
    !entity || !recordId || (record.isError && isAppError(record.error) && record.error.status === 404);
  return (
    <AppThemeScope
      appStyle={app.data?.appStyle}
      className="flex min-h-svh flex-col pt-[var(--app-account-top,0px)]"
    >
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 pt-6 pb-8 sm:px-6 sm:pt-12">
        <div className="mb-6 flex items-center gap-3">
          <AppLogo appStyle={app.data?.appStyle} name={appName} className="h-8 sm:h-8" />
          <Link
            to={appHomePath(appId)}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-[color:var(--app-link,var(--primary))] hover:underline"
          >
            <ArrowLeft className="size-4" />
            {appName || 'Back to the app'}
          </Link>
        </div>
        {missing ? (
          <Unavailable title="Item not found" message={NOT_HERE} />
        ) : record.isPending ? (
          <div
            role="status"
            aria-label="Loading the item"
            className="grid gap-4 rounded-2xl border bg-card p-6"
          >
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </div>
        ) : record.isError ? (
          <Unavailable
            title="This item couldn't be loaded"
            message={errorMessage(record.error)}
            retry={isRetryable(record.error) ? () => void record.refetch() : undefined}
          />
        ) : (
          <ItemCard entity={entity!} title={title} record={record.data} />
        )}
      </main>
      {!app.data?.appStyle?.hideBuildAI && <MadeWithFooter />}
    </AppThemeScope>
  );
}

function ItemCard({ entity, title, record }: { entity: string; title: string; record: EntityRecord }) {
  // the field the title comes from is the heading already
  const titleKey = Object.keys(record).find(
    (k) => typeof record[k] === 'string' && (record[k] as string).trim() === title,
  );
  const fields = Object.entries(record).filter(
    ([key, value]) =>
      key !== titleKey &&
      !(RECORD_SYSTEM_FIELDS as readonly string[]).includes(key) &&
      value !== null &&
      value !== undefined &&
      value !== '',
  );
  return (
    <article className="overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{entity}</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-[color:var(--app-header-color,var(--foreground))]">
            {title}
          </h1>
        </div>
        <CopyLink />
      </header>
      {fields.length === 0 ? (
        <p className="px-5 py-6 text-sm text-muted-foreground sm:px-6">This item has no details yet.</p>
      ) : (
        <dl className="divide-y">
          {fields.map(([key, value]) => (
            <div
              key={key}
              className="grid gap-1 px-5 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4 sm:px-6"
            >
              <dt className="text-sm font-medium text-muted-foreground">{label(key)}</dt>
              <dd className="text-sm break-words whitespace-pre-line">
                <Value value={value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {record.createdAt && (
        <footer className="border-t px-5 py-3 text-xs text-muted-foreground sm:px-6">
          Added {new Date(record.createdAt).toLocaleDateString(undefined, { dateStyle: 'long' })}
        </footer>
      )}
    </article>
  );
}

/** `dueDate` → "Due date", `first_name` → "First name". */
function label(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const IMAGE = /^(?:https:\/\/|\/api\/files\/)\S+\.(?:png|jpe?g|gif|webp|avif)(?:[?#]\S*)?$/i;

function Value({ value }: { value: unknown }) {
  if (typeof value === 'boolean') return <>{value ? 'Yes' : 'No'}</>;
  if (typeof value === 'number') return <span className="tabular-nums">{value.toLocaleString()}</span>;
  if (typeof value === 'string') {
    if (IMAGE.test(value))
      return <img src={value} alt="" loading="lazy" className="max-h-72 rounded-lg border object-contain" />;
    if (/^https?:\/\/\S+$/.test(value))
      return (
        <a
          href={value}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="text-[color:var(--app-link,var(--primary))] underline-offset-2 hover:underline"
        >
          {value}
        </a>
      );
    return <>{value}</>;
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return (
      <span className="flex flex-wrap gap-1.5">
        {value.map((v, i) => (
          <span key={i} className="rounded-full bg-muted px-2 py-0.5 text-xs">
            {String(v)}
          </span>
        ))}
      </span>
    );
  return <code className="font-mono text-xs">{JSON.stringify(value)}</code>;
}

/** The page's own address, to share. */
function CopyLink() {
  const [copied, setCopied] = React.useState(false);
  React.useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        void navigator.clipboard
          ?.writeText(window.location.href)
          .then(() => setCopied(true))
          .catch(() => undefined);
      }}
    >
      {copied ? <Check /> : <Link2 />}
      {copied ? 'Link copied' : 'Copy link'}
    </Button>
  );
}
