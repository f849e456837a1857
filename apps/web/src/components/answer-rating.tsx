import * as React from 'react';
import { Loader2, ThumbsDown, ThumbsUp } from 'lucide-react';
import { RATING_REASON_MAX_CHARS, type LogRating } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/popover';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

interface AnswerRatingProps {
  /** the rating already given, if any */
  initial?: LogRating | null;
  /** sends the rating (and the optional reason); rejects with the server's error */
  onRate: (rating: LogRating, reason?: string) => Promise<unknown>;
  /** what is rated, for screen readers: "answer" or "result" */
  what?: string;
  className?: string;
}

/**
 * The end user's thumbs up or down on an assistant answer or a tool result (decision 0018). A thumb is stored at
 * once; a popover then offers to say why (optional). Self-contained: the caller only says how to send it.
 */
export function AnswerRating({ initial = null, onRate, what = 'answer', className }: AnswerRatingProps) {
  const [rating, setRating] = React.useState<LogRating | null>(initial);
  const [asking, setAsking] = React.useState(false);
  const [reason, setReason] = React.useState('');
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [thanked, setThanked] = React.useState(false);

  const send = async (next: LogRating, why?: string) => {
    setBusy(true);
    setError(null);
    try {
      await onRate(next, why);
      setRating(next);
      return true;
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Your rating could not be saved');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const thumb = async (next: LogRating) => {
    if (busy) return;
    setThanked(false);
    if (await send(next)) {
      setReason('');
      setAsking(true);
    }
  };

  return (
    <Popover open={asking} onOpenChange={setAsking}>
      <PopoverAnchor asChild>
        <div
          className={cn('inline-flex items-center gap-0.5', className)}
          role="group"
          aria-label={`Rate this ${what}`}
          data-testid="answer-rating"
        >
          {(['up', 'down'] as const).map((value) => {
            const Icon = value === 'up' ? ThumbsUp : ThumbsDown;
            const chosen = rating === value;
            return (
              <Button
                key={value}
                type="button"
                variant="ghost"
                size="icon-sm"
                className={cn(
                  'size-7 text-muted-foreground',
                  chosen && (value === 'up' ? 'text-emerald-600' : 'text-destructive'),
                )}
                aria-label={value === 'up' ? 'Good answer' : 'Bad answer'}
                aria-pressed={chosen}
                title={value === 'up' ? 'Good' : 'Not good'}
                disabled={busy}
                onClick={() => void thumb(value)}
              >
                <Icon className={cn(chosen && 'fill-current/20')} />
              </Button>
            );
          })}
          {busy && <Loader2 className="size-3.5 animate-spin text-muted-foreground" aria-label="Saving" />}
          {thanked && !asking && (
            <span className="ml-1 text-xs text-muted-foreground" role="status">
              Thanks for the feedback
            </span>
          )}
          {error && !asking && (
            <span className="ml-1 text-xs text-destructive" role="alert">
              {error}
            </span>
          )}
        </div>
      </PopoverAnchor>
      <PopoverContent align="start" className="grid w-80 gap-2">
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!rating) return;
            void send(rating, reason.trim() || undefined).then((ok) => {
              if (ok) {
                setAsking(false);
                setThanked(true);
              }
            });
          }}
        >
          <label htmlFor="rating-reason" className="text-sm font-medium">
            {rating === 'down' ? 'What went wrong?' : 'What was good?'}{' '}
            <span className="font-normal text-muted-foreground">(optional)</span>
          </label>
          <Textarea
            id="rating-reason"
            value={reason}
            maxLength={RATING_REASON_MAX_CHARS}
            onChange={(e) => setReason(e.target.value)}
            rows={3}
            placeholder="Tell the app's maker"
          />
          {error && (
            <p className="text-xs text-destructive" role="alert">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" size="sm" onClick={() => setAsking(false)}>
              Skip
            </Button>
            <Button type="submit" size="sm" disabled={busy || reason.trim() === ''}>
              Send
            </Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
  );
}
