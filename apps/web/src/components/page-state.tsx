import type * as React from 'react';
import { AlertTriangle, Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from './ui/button';

/** A centred spinner for a whole page (session check, route loading). */
export function PageLoader({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex min-h-[50svh] flex-1 items-center justify-center text-muted-foreground', className)}
    >
      <Loader2 className="mr-2 size-5 animate-spin" />
      <span className="text-sm">{label}</span>
    </div>
  );
}

/** A failure that stops the page, with an optional retry. */
export function PageError({
  title = 'Something went wrong',
  message,
  onRetry,
  children,
  className,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex min-h-[50svh] flex-1 items-center justify-center p-6', className)}>
      <div className="flex max-w-md flex-col items-center text-center">
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <AlertTriangle className="size-6" />
        </div>
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{message}</p>
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          {onRetry && (
            <Button variant="outline" onClick={onRetry}>
              Try again
            </Button>
          )}
          {children}
        </div>
      </div>
    </div>
  );
}
