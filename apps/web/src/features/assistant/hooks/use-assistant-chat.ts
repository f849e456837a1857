import * as React from 'react';
import { useChat } from '@ai-sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import type { AppError } from '@buildai/domain';
import { isAppError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ChatSurface } from '../api/assistant-fetch';
import { createAssistantTransport } from '../api/transport';
import { textOf, type ChatMessage } from '../lib/messages';

interface Options {
  appId: string;
  surface: ChatSurface;
  conversationId: string;
  initialMessages: ChatMessage[];
  /** the server refused the message before answering (limits, membership): its text goes back to the box */
  onRefused: (text: string, error: AppError) => void;
}

/**
 * One conversation with the app's assistant: useChat on the assistant's stream, seeded with the stored messages.
 * A refusal before the answer began (nothing was kept) takes the question back out of the list; a broken or
 * failed answer stays, to be tried again.
 */
export function useAssistantChat({ appId, surface, conversationId, initialMessages, onRefused }: Options) {
  const transport = React.useMemo(() => createAssistantTransport(appId, surface), [appId, surface]);
  const onRefusedRef = React.useRef(onRefused);
  onRefusedRef.current = onRefused;
  const queryClient = useQueryClient();
  const chat = useChat<ChatMessage>({
    id: conversationId,
    messages: initialMessages,
    transport,
    // the answer is in the user's history now ('My history' on the app's page reads it again)
    onFinish: () => void queryClient.invalidateQueries({ queryKey: queryKeys.myHistory(appId) }),
    onError: (err) => {
      // 4xx: refused before the turn started; the network (0) and the server (5xx) may have kept it
      if (!isAppError(err) || err.status === 0 || err.status >= 500) return;
      const last = chatRef.current?.messages.at(-1);
      if (last?.role !== 'user') return;
      chatRef.current?.setMessages((all) => all.slice(0, -1));
      onRefusedRef.current(textOf(last), err);
    },
  });
  const chatRef = React.useRef(chat);
  chatRef.current = chat;

  const busy = chat.status === 'submitted' || chat.status === 'streaming';
  const send = React.useCallback((text: string) => {
    chatRef.current.clearError();
    void chatRef.current.sendMessage({ text });
  }, []);
  const retry = React.useCallback(() => {
    chatRef.current.clearError();
    void chatRef.current.regenerate();
  }, []);
  const stop = React.useCallback(() => void chatRef.current.stop(), []);

  return { messages: chat.messages, status: chat.status, error: chat.error, busy, send, retry, stop };
}
