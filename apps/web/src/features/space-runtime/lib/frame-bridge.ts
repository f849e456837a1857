import * as React from 'react';
import { appFrameMessageSchema, type AppFrameMessage, type ShellMessage } from '@buildai/domain';

/**
 * The shell's side of the postMessage bridge (decision 0007, "The runtime"). The frame is sandboxed without
 * allow-same-origin, so its messages come from the opaque origin `"null"`: a message counts only when its sender is
 * this frame's window, its origin is that opaque one, and it has the shape of `appFrameMessageSchema`.
 */
export function useFrameMessages(
  frame: React.RefObject<HTMLIFrameElement | null>,
  onMessage: (message: AppFrameMessage) => void,
) {
  const handler = React.useRef(onMessage);
  React.useEffect(() => {
    handler.current = onMessage;
  });
  React.useEffect(() => {
    const listen = (event: MessageEvent) => {
      const source = frame.current?.contentWindow;
      if (!source || event.source !== source || event.origin !== 'null') return;
      const parsed = appFrameMessageSchema.safeParse(event.data);
      if (parsed.success) handler.current(parsed.data);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [frame]);
}

/** Tells the frame to show a page. Its origin is opaque, so no target origin can name it. */
export function postToFrame(frame: HTMLIFrameElement | null, message: Omit<ShellMessage, 'source'>) {
  frame?.contentWindow?.postMessage({ source: 'buildai-shell', ...message } satisfies ShellMessage, '*');
}
