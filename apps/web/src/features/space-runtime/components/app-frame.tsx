import * as React from 'react';
import { Info, LoaderCircle, X } from 'lucide-react';
import type { AppErrorItem, AppFrameMessage } from '@buildai/domain';
import { cn } from '@/lib/utils';
import { BridgeGate, errorReply, frameGesture, type DataBridgeContext } from '../lib/data-bridge';
import { postToFrame, replyToFrame, useFrameMessages } from '../lib/frame-bridge';

/** The sandbox of every app frame (architecture §7): scripts, forms and popups, never the product's origin. */
export const APP_FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups';

/** The most errors one load keeps; past that the panel would only repeat itself. */
const MAX_ERRORS = 50;

export interface AppFrameHandle {
  go(page: string, search: string): void;
  /**
   * Asks the frame to swap in the app's current bundle without a reload (decision 0012, "Swapping the bundle").
   * Resolves `true` when it did; `false` when the frame must load again (not loaded yet, other shared modules, a
   * failed build, no answer in time).
   */
  swap(): Promise<boolean>;
}

interface AppFrameProps {
  src: string;
  title: string;
  onAppErrors?: (errors: AppErrorItem[]) => void;
  onNavigate?: (page: string, search: string, replace: boolean) => void;
  /**
   * Answers the app's calls of its database and of sign-in (decision 0008, "The data bridge"); without it they
   * fail as refused.
   */
  dataBridge?: Omit<DataBridgeContext, 'onNotice'>;
  className?: string;
}

/** How long a notice over the app stays. */
const NOTICE_MS = 6000;
/** How long a swap may take before the frame is loaded again instead. */
const SWAP_TIMEOUT_MS = 10_000;

/**
 * One load of an app document in its sandboxed frame. Mounted again for each load (a new `key`), so its error list
 * starts empty; every change of the list is reported whole, and a load without errors reports `[]`.
 */
export const AppFrame = React.forwardRef<AppFrameHandle, AppFrameProps>(function AppFrame(
  { src, title, onAppErrors, onNavigate, dataBridge, className },
  ref,
) {
  const frame = React.useRef<HTMLIFrameElement>(null);
  const errors = React.useRef<AppErrorItem[]>([]);
  const [loading, setLoading] = React.useState(true);
  // the app has said it is loaded: only then can it swap a bundle in
  const ready = React.useRef(false);
  const swaps = React.useRef(new Map<string, (ok: boolean) => void>());
  React.useEffect(() => {
    const pending = swaps.current;
    return () => {
      for (const settle of pending.values()) settle(false);
      pending.clear();
    };
  }, []);
  const [gate] = React.useState(() => new BridgeGate());
  // a new object each time, so the same notice asked for again stays its full time
  const [notice, setNotice] = React.useState<{ text: string } | null>(null);
  const showNotice = React.useCallback((text: string) => setNotice({ text }), []);

  React.useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  React.useImperativeHandle(
    ref,
    () => ({
      go: (page, search) => postToFrame(frame.current, { type: 'go', page, search }),
      swap: () => {
        if (!ready.current || !frame.current?.contentWindow) return Promise.resolve(false);
        const id = `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
        return new Promise<boolean>((resolve) => {
          const timer = window.setTimeout(() => settle(false), SWAP_TIMEOUT_MS);
          const settle = (ok: boolean) => {
            window.clearTimeout(timer);
            swaps.current.delete(id);
            resolve(ok);
          };
          swaps.current.set(id, settle);
          // the errors of the app that is replaced go with it
          errors.current = [];
          postToFrame(frame.current, { type: 'swap', id });
        });
      },
    }),
    [],
  );

  useFrameMessages(
    frame,
    (message: AppFrameMessage) => {
      if (message.type === 'loaded') {
        ready.current = true;
        setLoading(false);
        if (errors.current.length === 0) onAppErrors?.([]);
      } else if (message.type === 'swapped') {
        const settle = swaps.current.get(message.id);
        if (!settle) return;
        if (message.ok && errors.current.length === 0) onAppErrors?.([]);
        settle(message.ok);
      } else if (message.type === 'error') {
        const seen = errors.current.some(
          (e) => e.title === message.error.title && e.details === message.error.details,
        );
        if (seen || errors.current.length >= MAX_ERRORS) return;
        errors.current = [...errors.current, message.error];
        onAppErrors?.(errors.current);
      } else {
        onNavigate?.(message.page, message.search, message.replace === true);
      }
    },
    (request) => {
      // the frame that asked is the frame answered: a new load meanwhile (a new frame) gets nothing
      const target = frame.current;
      if (request.kind === 'invalid') {
        replyToFrame(
          target,
          errorReply(request.id, { code: 'request/invalid', message: request.message, status: 400 }),
        );
        return;
      }
      if (!dataBridge) {
        replyToFrame(
          target,
          errorReply(request.request.id, {
            code: 'auth/forbidden',
            message: 'This page does not answer the app',
            status: 403,
          }),
        );
        return;
      }
      const hasUserGesture = () => frameGesture(frame.current);
      void gate
        .run(request.request, { hasUserGesture, ...dataBridge, onNotice: showNotice })
        .then((reply) => {
          if (frame.current === target) replyToFrame(target, reply);
        });
    },
  );

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
      {notice && (
        <div
          role="status"
          className="absolute inset-x-0 bottom-4 z-10 mx-auto flex w-[min(30rem,calc(100%-1.5rem))] items-start gap-2 rounded-lg border bg-background/95 px-3 py-2 text-sm shadow-md backdrop-blur"
        >
          <Info className="mt-0.5 size-4 shrink-0 text-primary" />
          <p className="flex-1 text-muted-foreground">{notice.text}</p>
          <button
            type="button"
            aria-label="Dismiss"
            className="rounded p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground"
            onClick={() => setNotice(null)}
          >
            <X className="size-4" />
          </button>
        </div>
      )}
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
