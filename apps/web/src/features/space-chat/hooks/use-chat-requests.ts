import * as React from 'react';
import type { SystemActionInfo } from '@buildai/domain';

/** A message another screen of the workspace asks the chat to send (the database screen's permission change). */
export interface ChatRequest {
  id: number;
  text: string;
  systemActionInfo?: SystemActionInfo;
}

interface Options {
  busy: boolean;
  status: 'submitted' | 'streaming' | 'ready' | 'error';
  error: Error | undefined;
  readOnly: boolean;
  send: (text: string, info?: SystemActionInfo) => void;
  request?: ChatRequest | null;
  onRequestSettled?: (id: number, error: unknown) => void;
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The chat's side of the workspace's bridge: it reports whether a turn is running, and sends a request through the
 * same path as 'Resolve with AI' (`send` with a system action). The request is settled once the server took the
 * turn (the answer streams), or with the error when it refused it (busy, no AI provider) or the chat could not send.
 */
export function useChatRequests({
  busy,
  status,
  error,
  readOnly,
  send,
  request,
  onRequestSettled,
  onBusyChange,
}: Options) {
  React.useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  React.useEffect(() => () => onBusyChange?.(false), [onBusyChange]);

  const settle = React.useRef(onRequestSettled);
  settle.current = onRequestSettled;
  const taken = React.useRef<number | null>(null);
  const pending = React.useRef<{ id: number; submitted: boolean } | null>(null);

  React.useEffect(() => {
    if (!request || taken.current === request.id) return;
    taken.current = request.id;
    if (readOnly) return settle.current?.(request.id, new Error('This chat is read-only'));
    if (busy) return settle.current?.(request.id, new Error('The chat is busy'));
    pending.current = { id: request.id, submitted: false };
    send(request.text, request.systemActionInfo);
  }, [request, busy, readOnly, send]);

  React.useEffect(() => {
    const at = pending.current;
    if (!at) return;
    if (status === 'submitted') at.submitted = true;
    else if (status === 'streaming' || (status === 'ready' && at.submitted)) {
      pending.current = null;
      settle.current?.(at.id, null);
    } else if (status === 'error') {
      pending.current = null;
      settle.current?.(at.id, error ?? new Error('The message could not be sent'));
    }
  }, [status, error]);
}
