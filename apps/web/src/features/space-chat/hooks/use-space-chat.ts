import * as React from 'react';
import { useChat, type UseChatHelpers } from '@ai-sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { isAppError } from '@/lib/api-client';
import type { SystemActionInfo } from '@buildai/domain';
import { chatMessagesQuery, fetchChatMessages, stopTurn } from '../api/chat-messages';
import { createChatTransport } from '../api/transport';
import { actionsOf } from '../lib/actions';
import type { ChatImage } from '../lib/chat-images';
import type { SpaceUIMessage } from '../lib/types';

interface Options {
  appId: string;
  initialMessages: SpaceUIMessage[];
  onFilesChanged: () => void;
  /** the server refused the message before the turn started: its text goes back to the input */
  onRefused: (text: string) => void;
  /** an action's output as it arrives (a generated app's preview shows the changed tool from it) */
  onActionOutput?: (output: unknown) => void;
}

/** How often, and how long (10 min, the server's turn limit), a turn the server still runs is read again. */
const TURN_POLL_MS = 2000;
const MAX_TURN_POLLS = 300;

const completedKeys = (messages: SpaceUIMessage[]) =>
  messages.flatMap((m) =>
    m.role === 'assistant'
      ? actionsOf(m, false)
          .filter((a) => a.state === 'complete')
          .map((a) => `${m.id}:${a.key}`)
      : [],
  );

/**
 * useChat seeded from the server's history. After every turn the history is read again (ids, version ids and
 * stored actions are the server's), so a reload or a dropped stream shows what the server kept. A file action that
 * completes calls `onFilesChanged` at once, while the turn still streams.
 */
export function useSpaceChat({ appId, initialMessages, onFilesChanged, onRefused, onActionOutput }: Options) {
  const queryClient = useQueryClient();
  const setMessagesRef = React.useRef<(m: SpaceUIMessage[]) => void>(() => undefined);
  const seen = React.useRef<Set<string> | null>(null);
  if (seen.current === null) seen.current = new Set(completedKeys(initialMessages));
  const lastChangeAt = React.useRef(0);
  const onFilesChangedRef = React.useRef(onFilesChanged);
  onFilesChangedRef.current = onFilesChanged;
  const onActionOutputRef = React.useRef(onActionOutput);
  onActionOutputRef.current = onActionOutput;
  // an action's output, as the stream brings it: the preview refreshes at once (the panel's render comes after)
  const transport = React.useMemo(
    () =>
      createChatTransport(appId, (messageId, toolCallId, output) => {
        const key = `${messageId}:${toolCallId}`;
        if (seen.current!.has(key)) return;
        seen.current!.add(key);
        onActionOutputRef.current?.(output);
        lastChangeAt.current = Date.now();
        onFilesChangedRef.current();
      }),
    [appId],
  );

  // A read of the history replaces the chat only when nothing changed here since it began (a message sent, a
  // restore) and no read begun after it has replaced it already: reads answer out of order on a loaded server.
  const localChanges = React.useRef(0);
  const reads = React.useRef({ begun: 0, applied: 0 });
  const resync = React.useCallback(
    async (countNewChanges = false) => {
      const read = ++reads.current.begun;
      const changesBefore = localChanges.current;
      // a request of its own, never one already under way: that one may have left before the last turn ended
      const fresh = await fetchChatMessages(appId).catch(() => null);
      if (!fresh || read < reads.current.applied || changesBefore !== localChanges.current) return;
      const status = chatRef.current?.status;
      if (status === 'submitted' || status === 'streaming') return;
      reads.current.applied = read;
      if (!countNewChanges) for (const key of completedKeys(fresh)) seen.current!.add(key);
      queryClient.setQueryData(chatMessagesQuery(appId).queryKey, fresh);
      setMessagesRef.current(fresh);
    },
    [appId, queryClient],
  );

  const chatRef = React.useRef<UseChatHelpers<SpaceUIMessage> | null>(null);
  const chat = useChat<SpaceUIMessage>({
    id: `space-chat-${appId}`,
    messages: initialMessages,
    transport,
    onFinish: ({ isError, messages }) => {
      if (isError) return; // onError decides
      queryClient.setQueryData(chatMessagesQuery(appId).queryKey, messages);
      void resync();
    },
    onError: (err) => {
      if (isAppError(err) && err.status > 0) {
        // refused before the turn started (busy, no AI provider): nothing was stored, the text is the builder's
        const last = chatRef.current?.messages.at(-1);
        if (last?.role === 'user') {
          chatRef.current?.setMessages((all) => all.slice(0, -1));
          if (!last.metadata?.systemActionInfo) {
            onRefused(last.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''));
          }
        }
        return;
      }
      // the turn failed while it streamed (the AI provider's error): the answer says so at once, with its Retry and
      // nothing to rate, whether or not the re-read below reaches the server (issue 32, item 4)
      const text = err.message.trim() || 'The AI model failed to answer';
      chatRef.current?.setMessages((all) => {
        const last = all.at(-1);
        if (last?.role !== 'assistant' || last.metadata?.error) return all;
        return [...all.slice(0, -1), { ...last, metadata: { ...last.metadata, error: text } }];
      });
      void resync(); // a dropped stream: the server kept what it got
    },
  });
  chatRef.current = chat;
  setMessagesRef.current = chat.setMessages;

  // a completed file action refreshes the preview as soon as it lands, not when the turn ends
  React.useEffect(() => {
    let changed = false;
    for (const key of completedKeys(chat.messages)) {
      if (!seen.current!.has(key)) {
        seen.current!.add(key);
        changed = true;
      }
    }
    if (changed) {
      lastChangeAt.current = Date.now();
      onFilesChangedRef.current();
    }
  }, [chat.messages]);

  // a turn the server still runs (the page was reloaded during it): read it again until it is recorded
  const last = chat.messages.at(-1);
  const serverTurnRunning =
    chat.status !== 'submitted' &&
    chat.status !== 'streaming' &&
    last?.role === 'assistant' &&
    // the stored status says it; an answer without one (a streamed one) is done once it has its usage
    (last.metadata?.status
      ? last.metadata.status === 'streaming'
      : !last.metadata?.usage && !last.metadata?.error);
  React.useEffect(() => {
    if (!serverTurnRunning) return;
    let polls = 0;
    const timer = setInterval(() => {
      polls += 1;
      if (polls > MAX_TURN_POLLS) clearInterval(timer);
      else void resync(true);
    }, TURN_POLL_MS);
    return () => clearInterval(timer);
  }, [serverTurnRunning, resync]);

  const busy = chat.status === 'submitted' || chat.status === 'streaming' || serverTurnRunning;

  // Stop (issue 32, item 3): the stream here and the turn on the server end; the answer then reads as the server
  // recorded it (what was complete). Offered once the server has the turn (not while the request is on its way).
  const [stopping, setStopping] = React.useState(false);
  const canStop = chat.status === 'streaming' || serverTurnRunning;
  const stop = React.useCallback(async () => {
    setStopping(true);
    try {
      void chatRef.current!.stop();
      await stopTurn(appId).catch(() => undefined);
      await resync();
    } finally {
      setStopping(false);
    }
  }, [appId, resync]);

  const send = React.useCallback(
    (text: string, systemActionInfo?: SystemActionInfo, images: ChatImage[] = []) => {
      localChanges.current += 1;
      chatRef.current!.clearError();
      const metadata = systemActionInfo ? { systemActionInfo } : undefined;
      void chatRef.current!.sendMessage(
        images.length ? { text, files: images, metadata } : { text, metadata },
      );
    },
    [],
  );

  /** Replaces the chat (after a restore), without counting the restored actions as new changes. */
  const replaceMessages = React.useCallback(
    (messages: SpaceUIMessage[]) => {
      localChanges.current += 1;
      for (const key of completedKeys(messages)) seen.current!.add(key);
      chatRef.current!.setMessages(messages);
      queryClient.setQueryData(chatMessagesQuery(appId).queryKey, messages);
    },
    [appId, queryClient],
  );

  return {
    messages: chat.messages,
    status: chat.status,
    error: chat.error,
    busy,
    send,
    /** stops the running turn; undefined while there is none to stop */
    stop: canStop ? () => void stop() : undefined,
    stopping,
    replaceMessages,
    setMessages: chat.setMessages,
    /** when a file action last completed in this panel (ms), for autofix */
    lastChangeAt,
  };
}
