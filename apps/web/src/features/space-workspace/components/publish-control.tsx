import { liveLink } from '@/lib/public-origin';
import * as React from 'react';
import { Check, Copy, ExternalLink, Globe, Loader2, Rocket } from 'lucide-react';
import { publishCheckTexts, type AppView, type PublishCheckResponse } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/popover';
import { toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { usePublishApp } from '@/lib/builder-api/publish-app';
import { usePublishCheck } from '../api/publish-check';
import { PublishCheckDialog } from './publish-check-dialog';
import { COPIED_MS } from '@/lib/ui-constants';

interface Props {
  app: AppView;
  /** sends what waits (settings, details, code edits) first; false when something failed to save */
  saveAll: () => Promise<boolean>;
}

/**
 * Publish (the existing publish call, which also copies a space app's files for visitors), then the live link to
 * open or copy. A published app offers the link at once and Publish again to send later changes.
 */
export function PublishControl({ app, saveAll }: Props) {
  const publish = usePublishApp();
  const check = usePublishCheck();
  const [open, setOpen] = React.useState(false);
  const [review, setReview] = React.useState<PublishCheckResponse | { error: string } | null>(null);

  function publishConfirmed() {
    setReview(null);
    publish.mutate(app.appId, {
      onSuccess: () => setOpen(true),
      onError: (err) => toastError(errorMessage(err)),
    });
  }

  /** the publish check first (issue 30): findings ask for confirmation, none publishes at once */
  async function publishNow() {
    if (!(await saveAll())) return;
    check.mutate(app.appId, {
      onSuccess: (result) => (result.findings.length ? setReview(result) : publishConfirmed()),
      onError: (err) => setReview({ error: errorMessage(err) }),
    });
  }
  const busy = check.isPending || publish.isPending;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverAnchor asChild>
        <div className="flex items-center gap-1.5">
          {app.isPublished && (
            <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label="Live link">
              <Globe />
              <span className="hidden sm:inline">Live link</span>
            </Button>
          )}
          <Button
            size="sm"
            onClick={() => void publishNow()}
            disabled={busy}
            title={check.isPending ? publishCheckTexts.checking : undefined}
          >
            {busy ? <Loader2 className="animate-spin" /> : <Rocket />}
            {check.isPending ? 'Checking...' : publish.isPending ? 'Publishing...' : 'Publish'}
          </Button>
        </div>
      </PopoverAnchor>
      <PopoverContent align="end" className="w-[22rem]">
        <LiveLink appId={app.appId} />
      </PopoverContent>
      <PublishCheckDialog result={review} onCancel={() => setReview(null)} onConfirm={publishConfirmed} />
    </Popover>
  );
}

function LiveLink({ appId }: { appId: string }) {
  const link = liveLink(appId);
  const input = React.useRef<HTMLInputElement>(null);
  const [copied, setCopied] = React.useState(false);
  React.useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      input.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
  }

  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-2">
        <span className="flex size-7 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <Check className="size-4" />
        </span>
        <div>
          <p className="text-sm font-semibold">Your app is live</p>
          <p className="text-xs text-muted-foreground">Anyone with the link can open it.</p>
        </div>
      </div>
      <div className="flex gap-1.5">
        <Input
          ref={input}
          readOnly
          value={link}
          aria-label="Live link"
          className="h-8 font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          size="sm"
          variant="outline"
          onClick={() => void copy()}
          aria-label={copied ? 'Copied' : 'Copy link'}
        >
          {copied ? <Check /> : <Copy />}
        </Button>
      </div>
      <Button size="sm" variant="secondary" asChild>
        <a href={`/app/${encodeURIComponent(appId)}`} target="_blank" rel="noreferrer">
          Open app
          <ExternalLink className="size-3.5" />
        </a>
      </Button>
    </div>
  );
}
