import * as React from 'react';
import { LoaderCircle } from 'lucide-react';
import type { AppErrorItem, AppFrameMessage } from '@buildai/domain';
import { cn } from '@/lib/utils';
import { postToFrame, useFrameMessages } from '../lib/frame-bridge';

/** The sandbox of every app frame (DESIGN §7): scripts, forms and popups, never the product's origin. */
export const APP_FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups';

/** The most errors one load keeps; past that the panel would only repeat itself. */
const MAX_ERRORS = 50;

export interface AppFrameHandle {
  go(page: string, search: string): void;
}

interface AppFrameProps {
  src: string;
  title: string;
  onAppErrors?: (errors: AppErrorItem[]) => void;
  onNavigate?: (page: string, search: string) => void;
  className?: string;
}

/**
 * One load of an app document in its sandboxed frame. Mounted again for each load (a new `key`), so its error list
 * starts empty; every change of the list is reported whole, and a load without errors reports `[]`.
 */
export const AppFrame = React.forwardRef<AppFrameHandle, AppFrameProps>(function AppFrame(
  { src, title, onAppErrors, onNavigate, className },
  ref,
) {
  const frame = React.useRef<HTMLIFrameElement>(null);
  const errors = React.useRef<AppErrorItem[]>([]);
  const [loading, setLoading] = React.useState(true);

  React.useImperativeHandle(
    ref,
    () => ({ go: (page, search) => postToFrame(frame.current, { type: 'go', page, search }) }),
    [],
  );

  useFrameMessages(frame, (message: AppFrameMessage) => {
    if (message.type === 'loaded') {
      setLoading(false);
      if (errors.current.length === 0) onAppErrors?.([]);
    } else if (message.type === 'error') {
      const seen = errors.current.some(
        (e) => e.title === message.error.title && e.details === message.error.details,
      );
      if (seen || errors.current.length >= MAX_ERRORS) return;
      errors.current = [...errors.current, message.error];
      onAppErrors?.(errors.current);
    } else {
      onNavigate?.(message.page, message.search);
    }
  });

  return (
    <div className={cn('relative h-full w-full', className)}>
      <iframe
        ref={frame}
        src={src}
        title={title}
        sandbox={APP_FRAME_SANDBOX}
        referrerPolicy="no-referrer"
        // a document that runs no script (an expired link, a missing app) still ends the wait
        onLoad={() => setLoading(false)}
        className="block h-full w-full border-0 bg-white"
      />
      {loading && (
        <div
          className="absolute inset-0 flex items-center justify-center bg-background/70"
          role="status"
          aria-label="Loading the app"
        >
          <LoaderCircle className="size-6 animate-spin text-muted-foreground" />
        </div>
      )}
    </div>
  );
});
