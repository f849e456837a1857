import type * as React from 'react';
import { AppWindow } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** What stands in the frame's place when there is no app to show: why, and what to do. */
export function FrameMessage({
  title,
  message,
  retry,
  className,
  children,
}: {
  title: string;
  message: string;
  retry?: () => void;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className={cn('flex h-full w-full items-center justify-center bg-muted/30 p-6', className)}>
      <div className="flex max-w-sm flex-col items-center text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <AppWindow className="size-6" />
        </div>
        <h2 className="mt-4 text-lg font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{message}</p>
        {(retry || children) && (
          <div className="mt-5 flex flex-wrap justify-center gap-2">
            {retry && (
              <Button variant="outline" onClick={retry}>
                Try again
              </Button>
            )}
            {children}
          </div>
        )}
      </div>
    </div>
  );
}
