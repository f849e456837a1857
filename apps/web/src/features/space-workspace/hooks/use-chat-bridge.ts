import * as React from 'react';
import type { SystemActionInfo } from '@buildai/domain';
import type { ChatRequest } from '@/lib/builder-types';

/** How long a request waits for the chat to take it (the chat may still be loading its history). */
export const CHAT_REQUEST_TIMEOUT_MS = 20_000;
export const CHAT_DID_NOT_TAKE_MESSAGE = 'The chat did not take the message';

export interface ChatBridge {
  /** the chat is answering (its turn runs) */
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
  /** the request the chat should send now (null: none waits) */
  request: ChatRequest | null;
  /** the chat sent the request (`error` null) or could not */
  onRequestSettled: (id: number, error: unknown) => void;
  /** hands the chat a message to send: resolves once the chat sent it, rejects when it could not */
  requestChat: (text: string, systemActionInfo?: SystemActionInfo) => Promise<void>;
}

/**
 * The workspace's side of the bridge from its other screens (the database screen, the home page's first prompt) to the chat:
 * a request is shown to the chat as `request`; the chat settles it by id, which settles the caller's promise. A
 * request the chat has not taken within `timeoutMs` fails. `onTaken` runs when the chat sent one.
 */
export function useChatBridge({
  timeoutMs = CHAT_REQUEST_TIMEOUT_MS,
  onTaken,
}: { timeoutMs?: number; onTaken?: () => void } = {}): ChatBridge {
  const [busy, setBusy] = React.useState(false);
  const [request, setRequest] = React.useState<ChatRequest | null>(null);
  const waiting = React.useRef(new Map<number, (error: unknown) => void>());
  const lastId = React.useRef(0);
  const taken = React.useRef(onTaken);
  React.useEffect(() => {
    taken.current = onTaken;
  }, [onTaken]);

  const onRequestSettled = React.useCallback((id: number, error: unknown) => {
    waiting.current.get(id)?.(error);
    waiting.current.delete(id);
    setRequest((current) => (current?.id === id ? null : current));
  }, []);

  const requestChat = React.useCallback(
    (text: string, systemActionInfo?: SystemActionInfo) =>
      new Promise<void>((resolve, reject) => {
        const id = ++lastId.current;
        const timer = setTimeout(() => onRequestSettled(id, new Error(CHAT_DID_NOT_TAKE_MESSAGE)), timeoutMs);
        waiting.current.set(id, (error) => {
          clearTimeout(timer);
          if (error) return reject(error instanceof Error ? error : new Error(String(error)));
          resolve();
          taken.current?.();
        });
        setRequest({ id, text, systemActionInfo });
      }),
    [onRequestSettled, timeoutMs],
  );

  return { busy, onBusyChange: setBusy, request, onRequestSettled, requestChat };
}
