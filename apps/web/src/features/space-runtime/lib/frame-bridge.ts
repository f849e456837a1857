import * as React from 'react';
import {
  appFrameMessageSchema,
  type AppBridgeReply,
  type AppFrameMessage,
  type ShellMessage,
} from '@buildai/domain';
import { parseBridgeRequest, type ParsedRequest } from './data-bridge';

/**
 * The shell's side of the postMessage bridge (decision 0007, "The runtime"). The frame is sandboxed without
 * allow-same-origin, so its messages come from the opaque origin `"null"`: a message counts only when its sender is
 * this frame's window, its origin is that opaque one, and it has the shape of `appFrameMessageSchema` — or, for a
 * call of the app database or of sign-in, of `appBridgeRequestSchema` (decision 0008, "The data bridge").
 */
export function useFrameMessages(
  frame: React.RefObject<HTMLIFrameElement | null>,
  onMessage: (message: AppFrameMessage) => void,
  onRequest?: (request: Exclude<ParsedRequest, { kind: 'none' }>) => void,
) {
  const handler = React.useRef(onMessage);
  const requestHandler = React.useRef(onRequest);
  React.useEffect(() => {
    handler.current = onMessage;
    requestHandler.current = onRequest;
  });
  React.useEffect(() => {
    const listen = (event: MessageEvent) => {
      const source = frame.current?.contentWindow;
      if (!source || event.source !== source || event.origin !== 'null') return;
      const parsed = appFrameMessageSchema.safeParse(event.data);
      if (parsed.success) {
        handler.current(parsed.data);
        return;
      }
      const request = parseBridgeRequest(event.data);
      if (request.kind !== 'none') requestHandler.current?.(request);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [frame]);
}

type WithoutSource<T> = T extends unknown ? Omit<T, 'source'> : never;

/**
 * Tells the frame to show a page, or to swap in its app's current bundle (the message names no code: the frame
 * loads it from the app origin itself). Its origin is opaque, so no target origin can name it.
 */
export function postToFrame(frame: HTMLIFrameElement | null, message: WithoutSource<ShellMessage>) {
  frame?.contentWindow?.postMessage({ source: 'buildai-shell', ...message } as ShellMessage, '*');
}

/** Answers one request of the frame (nothing secret: the records the visitor may read, or the error). */
export function replyToFrame(frame: HTMLIFrameElement | null, reply: AppBridgeReply) {
  frame?.contentWindow?.postMessage(reply, '*');
}
