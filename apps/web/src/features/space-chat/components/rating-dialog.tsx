import * as React from 'react';
import { Loader2, Star } from 'lucide-react';
import type { z } from 'zod';
import {
  negativeRatingReasons,
  positiveRatingReasons,
  ratingRequest,
  spaceTexts,
  type MessageRating,
  type RatingRequest,
} from '@buildai/domain';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toastError } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { submitRating } from '../api/rating';

// the domain's request trims the comment and fills defaults: the form edits (and sends) its parsed shape
const schema = ratingRequest as unknown as z.ZodType<RatingRequest, RatingRequest>;
const SCORES = [1, 2, 3, 4, 5] as const;

interface Props {
  appId: string;
  messageId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRated: (rating: MessageRating) => void;
}

/** 'Rate this response': a score 1–5, the reasons that fit it (4–5 liked, 1–3 went wrong), an optional comment. */
export function RatingDialog({ appId, messageId, open, onOpenChange, onRated }: Props) {
  const defaultValues = React.useMemo(
    () => ({ messageId, score: undefined as unknown as number, feedback: [], comment: '' }),
    [messageId],
  );
  const { form, submit, pending } = useSchemaForm<RatingRequest>({
    schema,
    defaultValues,
    byCode: {},
    send: async (values) => {
      const res = await submitRating(appId, values);
      onRated(res.rating);
    },
    onSent: () => onOpenChange(false),
    onRefused: () => {
      toastError(spaceTexts.ratingFailed);
      return true;
    },
  });
  const score = form.watch('score');
  const feedback = form.watch('feedback');
  const positive = score >= 4;
  const reasons: readonly string[] = positive ? positiveRatingReasons : negativeRatingReasons;

  const pickScore = (s: number) => {
    // reasons of the other kind do not fit the new score
    const kept = feedback.filter((r) =>
      (s >= 4 ? positiveRatingReasons : negativeRatingReasons).includes(r as never),
    );
    form.setValue('score', s);
    form.setValue('feedback', kept);
  };
  const toggle = (reason: RatingRequest['feedback'][number]) =>
    form.setValue(
      'feedback',
      feedback.includes(reason) ? feedback.filter((r) => r !== reason) : [...feedback, reason],
    );

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-[400px]" onEscapeKeyDown={(e) => pending && e.preventDefault()}>
        <form onSubmit={submit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{spaceTexts.rateTitle}</DialogTitle>
            <DialogDescription>Your rating helps us improve the assistant.</DialogDescription>
          </DialogHeader>
          <div role="radiogroup" aria-label="Score" className="flex justify-center gap-1">
            {SCORES.map((s) => (
              <button
                key={s}
                type="button"
                role="radio"
                aria-checked={score === s}
                aria-label={`${s} out of 5`}
                className="rounded-md p-1.5 transition-colors hover:bg-accent"
                onClick={() => pickScore(s)}
              >
                <Star
                  className={cn(
                    'size-7',
                    score >= s ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground',
                  )}
                />
              </button>
            ))}
          </div>
          {score > 0 && (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">
                {positive ? spaceTexts.whatLiked : spaceTexts.whatWrong}
              </legend>
              <div className="flex flex-wrap gap-2">
                {reasons.map((r) => {
                  const on = feedback.includes(r as never);
                  return (
                    <button
                      key={r}
                      type="button"
                      aria-pressed={on}
                      onClick={() => toggle(r as RatingRequest['feedback'][number])}
                      className={cn(
                        'rounded-full border px-3 py-1 text-xs transition-colors',
                        on ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
                      )}
                    >
                      {r}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          )}
          <div className="grid gap-2">
            <Label htmlFor={`rating-comment-${messageId}`}>Comment (optional)</Label>
            <Textarea id={`rating-comment-${messageId}`} rows={3} {...form.register('comment')} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!score || pending}>
              {pending && <Loader2 className="animate-spin" />}
              Submit
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
