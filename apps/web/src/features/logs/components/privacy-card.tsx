import * as React from 'react';
import { Eye, Loader2, ShieldCheck } from 'lucide-react';
import { LOG_RETENTION_MAX_DAYS } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { usePrivacy, useSavePrivacy } from '../api/logs-api';
import { formatWhen } from './log-bits';

const WHAT = { list: 'the logs', export: 'an export', run: 'a run' } as const;

/** The app's log retention, its 'do not keep conversations' mode, and who last revealed personal fields. */
export function PrivacyCard({ appId }: { appId: string }) {
  const privacy = usePrivacy(appId);
  const save = useSavePrivacy(appId);
  const [days, setDays] = React.useState('');
  const [keep, setKeep] = React.useState(true);
  const [saved, setSaved] = React.useState(false);
  React.useEffect(() => {
    if (!privacy.data) return;
    setDays(privacy.data.retentionDays === null ? '' : String(privacy.data.retentionDays));
    setKeep(privacy.data.keepConversations);
  }, [privacy.data]);

  const parsed = days.trim() === '' ? null : Number(days);
  const invalid =
    parsed !== null && (!Number.isInteger(parsed) || parsed < 1 || parsed > LOG_RETENTION_MAX_DAYS);
  const changed =
    privacy.data && (parsed !== privacy.data.retentionDays || keep !== privacy.data.keepConversations);

  return (
    <section aria-labelledby="privacy-title" className="rounded-xl border bg-card p-4 shadow-xs sm:p-5">
      <h2 id="privacy-title" className="flex items-center gap-2 font-semibold">
        <ShieldCheck className="size-4 text-muted-foreground" aria-hidden />
        Privacy
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        How long what your users ask is kept. Erased runs still count in analytics and run limits.
      </p>
      {privacy.isPending ? (
        <div className="mt-4 grid gap-3">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-6 w-2/3" />
        </div>
      ) : privacy.isError ? (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {errorMessage(privacy.error)}
        </p>
      ) : (
        <form
          className="mt-4 grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (invalid) return;
            setSaved(false);
            save.mutate(
              { retentionDays: parsed, keepConversations: keep },
              { onSuccess: () => setSaved(true) },
            );
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="retention-days">Keep logs for (days)</Label>
            <Input
              id="retention-days"
              inputMode="numeric"
              value={days}
              onChange={(e) => {
                setDays(e.target.value.replace(/[^\d]/g, ''));
                setSaved(false);
              }}
              placeholder="Until deleted"
              aria-invalid={invalid}
              aria-describedby="retention-help"
            />
            <p
              id="retention-help"
              className={invalid ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}
            >
              {invalid
                ? `Keep logs 1 to ${LOG_RETENTION_MAX_DAYS} days`
                : 'Empty keeps them until you delete them.'}
            </p>
          </div>
          <div className="flex items-start justify-between gap-3">
            <div className="grid gap-0.5">
              <Label htmlFor="keep-conversations">Do not keep conversations</Label>
              <p className="text-xs text-muted-foreground">
                Inputs and answers are erased as soon as a run ends.
              </p>
            </div>
            <Switch
              id="keep-conversations"
              checked={!keep}
              onCheckedChange={(on) => {
                setKeep(!on);
                setSaved(false);
              }}
            />
          </div>
          <div className="flex items-center gap-3">
            <Button type="submit" size="sm" disabled={!changed || invalid || save.isPending}>
              {save.isPending && <Loader2 className="animate-spin" />}
              Save privacy
            </Button>
            {saved && !changed && (
              <span role="status" className="text-sm text-muted-foreground">
                Saved
              </span>
            )}
            {save.isError && (
              <span role="alert" className="text-sm text-destructive">
                {errorMessage(save.error)}
              </span>
            )}
          </div>
        </form>
      )}
      {privacy.data && privacy.data.reveals.length > 0 && (
        <div className="mt-5 border-t pt-4">
          <h3 className="flex items-center gap-1.5 text-sm font-medium">
            <Eye className="size-3.5 text-muted-foreground" aria-hidden />
            Personal data shown
          </h3>
          <ul className="mt-2 grid gap-1 text-xs text-muted-foreground" aria-label="Personal data shown">
            {privacy.data.reveals.slice(0, 5).map((r) => (
              <li key={`${r.at}-${r.what}`} className="truncate">
                {r.email} · {WHAT[r.what]} · {formatWhen(r.at)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
