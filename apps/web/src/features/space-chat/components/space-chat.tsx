import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { spaceTexts, type MessageRating } from '@buildai/domain';
import { PageError } from '@/components/page-state';
import { errorMessage } from '@/lib/api-client';
import { chatMessagesQuery } from '../api/chat-messages';
import { useAutofix } from '../hooks/use-autofix';
import { useChatRequests } from '../hooks/use-chat-requests';
import { useResolveWithAi } from '../hooks/use-resolve';
import { useSpaceChat } from '../hooks/use-space-chat';
import type { SpaceUIMessage } from '../lib/types';
import { turnIssues, turnIssuesKey } from '../lib/turn-issues';
import type { ChatImage } from '../lib/chat-images';
import { ChatInput } from './chat-input';
import { ErrorBlock } from './error-block';
import { IssuesPanel } from './issues-panel';
import { SecretsContext, type SecretsProvider } from './secrets';
import { useServerIssues } from '../hooks/use-server-issues';
import { EmptyChat, MessageList, Thinking } from './message-list';
import { ChatSkeleton, type SpaceChatProps } from './space-chat-lazy';
import { UsageSummary } from './usage-summary';
import { VersionsPanel } from './versions-panel';

/** The spec's initial scroll delay (spec 001 §9). */
const INITIAL_SCROLL_MS = 100;

function ChatPanel(props: SpaceChatProps & { initialMessages: SpaceUIMessage[] }) {
  const { appId, isAdmin, readOnly = false, appErrors } = props;
  const [draft, setDraft] = React.useState('');
  const [draftImages, setDraftImages] = React.useState<ChatImage[]>([]);
  const chat = useSpaceChat({
    appId,
    initialMessages: props.initialMessages,
    onFilesChanged: props.onFilesChanged,
    onRefused: setDraft,
    onActionOutput: props.onActionOutput,
  });
  const { messages, busy, send } = chat;
  const { fixing, resolve } = useResolveWithAi(busy, send, props.onClearErrors);
  // the chat's gate: the detectors' errors of the latest turn join the preview's errors (panel and autofix)
  const gateKey = turnIssuesKey(messages);
  // the key stands for the issues: a new list only when they (or the turn they come from) change
  const gateIssues = React.useMemo(() => turnIssues(messages), [gateKey]);
  const appIssues = React.useMemo(() => [...appErrors, ...gateIssues], [appErrors, gateIssues]);
  useAutofix({
    messages,
    busy,
    appErrors,
    turnIssues: gateIssues,
    lastChangeAt: chat.lastChangeAt,
    send,
    readOnly,
  });
  useChatRequests({
    busy,
    status: chat.status,
    error: chat.error,
    readOnly,
    send,
    request: props.request,
    onRequestSettled: props.onRequestSettled,
    onBusyChange: props.onBusyChange,
  });

  const sendRef = React.useRef(send);
  sendRef.current = send;
  const secrets = React.useMemo<SecretsProvider>(
    () => ({ appId, readOnly, sendFollowUp: (text) => sendRef.current(text) }),
    [appId, readOnly],
  );
  // the missing-secret check and the server functions' failed calls, beside the preview's own errors
  const serverIssues = useServerIssues(appId, busy);
  const issues = React.useMemo(() => [...appIssues, ...serverIssues], [appIssues, serverIssues]);

  const scroller = React.useRef<HTMLDivElement>(null);
  const toBottom = () => scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
  React.useEffect(() => {
    const t = setTimeout(toBottom, INITIAL_SCROLL_MS);
    return () => clearTimeout(t);
  }, []);
  React.useEffect(() => {
    if (busy) toBottom();
  }, [busy, messages]);

  const last = messages.at(-1);
  const thinking =
    chat.status === 'submitted' ||
    (busy && (last?.role === 'user' || (last?.role === 'assistant' && !last.parts.length)));

  const onRated = (messageId: string, rating: MessageRating) =>
    chat.setMessages((all) =>
      all.map((m) => (m.id === messageId ? { ...m, metadata: { ...m.metadata, rating } } : m)),
    );
  const onRestored = (restored: SpaceUIMessage[]) => {
    chat.replaceMessages(restored);
    props.onFilesChanged();
  };

  return (
    <SecretsContext.Provider value={secrets}>
      <div className="relative flex h-full min-h-0 flex-col bg-background">
        <div className="flex shrink-0 items-center justify-end border-b px-2 py-1">
          <VersionsPanel appId={appId} readOnly={readOnly} streaming={busy} onRestored={onRestored} />
        </div>
        <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto">
          <div className="mx-auto w-full max-w-3xl px-4 pt-6 pb-[280px]">
            {messages.length === 0 && !busy ? (
              <EmptyChat />
            ) : (
              <MessageList
                appId={appId}
                messages={messages}
                isAdmin={isAdmin}
                readOnly={readOnly}
                busy={busy}
                onContinue={() => send(spaceTexts.keepGoing, { type: 'continue' })}
                onRetry={(text) => send(text)}
                onRated={onRated}
                onRestored={onRestored}
                onFilesChanged={props.onFilesChanged}
              />
            )}
            {thinking && (
              <div className="mt-6">
                <Thinking />
              </div>
            )}
            {/* a failed answer shows its own error, with Retry: no second, vaguer block */}
            {chat.error && !busy && !(last?.role === 'assistant' && last.metadata?.error) && (
              <div className="mt-6">
                <ErrorBlock title={errorMessage(chat.error)} details={chat.error.message} />
              </div>
            )}
            {isAdmin && <UsageSummary messages={messages} />}
          </div>
        </div>
        {!readOnly && (
          <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-background via-background/90 to-transparent pt-10 pb-4">
            <div className="pointer-events-auto mx-auto w-full max-w-3xl px-4">
              <ChatInput
                value={draft}
                onChange={setDraft}
                images={draftImages}
                onImagesChange={setDraftImages}
                disabled={busy}
                {...(busy ? { turn: { onStop: chat.stop, stopping: chat.stopping } } : {})}
                onSend={(text, images) => {
                  setDraft('');
                  setDraftImages([]);
                  if (!props.beforeSend) send(text, undefined, images);
                  else
                    void props
                      .beforeSend()
                      .catch(() => undefined)
                      .then(() => send(text, undefined, images));
                }}
              />
            </div>
          </div>
        )}
        <IssuesPanel errors={issues} fixing={fixing} canResolve={!busy && !readOnly} onResolve={resolve} />
      </div>
    </SecretsContext.Provider>
  );
}

/**
 * The chat of a space app (spec 001 §2–§8): the history from the server, the streaming turn with its actions,
 * ratings, context files, revert, the 'All Changes' diff, the admin's usage, and the floating issues panel with
 * 'Resolve with AI' and bounded autofix.
 */
export function SpaceChat(props: SpaceChatProps) {
  const history = useQuery(chatMessagesQuery(props.appId));
  // once shown, the panel stays: a failed re-read after a turn keeps what the stream gave
  if (history.data) return <ChatPanel key={props.appId} {...props} initialMessages={history.data} />;
  if (history.isError)
    return (
      <PageError
        className="min-h-0 flex-1"
        message={errorMessage(history.error)}
        onRetry={() => void history.refetch()}
      />
    );
  return <ChatSkeleton />;
}
