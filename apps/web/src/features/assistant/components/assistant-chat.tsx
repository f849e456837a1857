import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { MessageSquareOff, SquarePen, X } from 'lucide-react';
import type { AssistantInfo } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isAppError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import type { ChatSurface } from '../api/assistant-fetch';
import { assistantHistoryQuery, assistantInfoQuery } from '../api/assistant-queries';
import { newConversationId, type ChatMessage } from '../lib/messages';
import { ChatTheme, logoOf } from './chat-theme';
import { Conversation } from './conversation';
import { AssistantAvatar } from './message-item';

export interface AssistantChatProps {
  appId: string;
  surface: ChatSurface;
  /** the widget's close button (the frame asks the page around it to close) */
  onClose?: () => void;
  onMembershipRequired?: () => void;
}

/**
 * An end user's chat with an app's assistant, in the app's branding: on the chat page (`/app/{appId}/chat`) or,
 * compact, in the widget's frame (`/embed/{appId}`). It opens on the caller's latest conversation; New
 * conversation starts another.
 */
export function AssistantChat({ appId, surface, onClose, onMembershipRequired }: AssistantChatProps) {
  const info = useQuery(assistantInfoQuery(appId, surface));
  const history = useQuery({ ...assistantHistoryQuery(appId, surface), enabled: info.isSuccess });
  const [fresh] = React.useState(newConversationId);
  const [started, setStarted] = React.useState<string | null>(null);
  const compact = surface === 'widget';
  const title = info.data?.header.trim();
  React.useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (info.isPending) return <ChatFrame compact={compact} loading />;
  if (info.isError)
    return (
      <ChatFrame compact={compact} onClose={onClose}>
        <ChatProblem error={info.error} onRetry={() => void info.refetch()} appId={appId} compact={compact} />
      </ChatFrame>
    );

  const conversationId = started ?? history.data?.conversationId ?? fresh;
  return (
    <ChatFrame
      compact={compact}
      info={info.data}
      onClose={onClose}
      onNewConversation={history.isSuccess ? () => setStarted(newConversationId()) : undefined}
    >
      {history.isPending ? (
        <HistorySkeleton compact={compact} />
      ) : history.isError ? (
        <ChatProblem
          error={history.error}
          onRetry={() => void history.refetch()}
          appId={appId}
          compact={compact}
        />
      ) : (
        <Conversation
          key={conversationId}
          appId={appId}
          surface={surface}
          info={info.data}
          conversationId={conversationId}
          initialMessages={started ? [] : (history.data.messages as ChatMessage[])}
          onMembershipRequired={onMembershipRequired}
        />
      )}
    </ChatFrame>
  );
}

/** The chat's surface in the app's colours, with its header. */
function ChatFrame({
  compact,
  info,
  loading,
  onClose,
  onNewConversation,
  children,
}: {
  compact: boolean;
  info?: AssistantInfo;
  loading?: boolean;
  onClose?: () => void;
  onNewConversation?: () => void;
  children?: React.ReactNode;
}) {
  const name = info?.header.trim() || 'Assistant';
  return (
    <ChatTheme appStyle={info?.appStyle} plain={compact} className="flex h-svh flex-col overflow-hidden">
      <header
        className={cn(
          'shrink-0',
          compact
            ? 'bg-primary text-primary-foreground shadow-sm'
            : 'border-b bg-background/85 backdrop-blur',
        )}
      >
        <div
          className={cn(
            'flex items-center gap-3',
            compact
              ? 'h-14 px-3'
              : // clear of the public pages' account corner (--app-account-inset) where the screen is too
                // narrow for the centred header to leave room for it
                'mx-auto h-16 w-full max-w-3xl px-4 pr-[max(1rem,calc(var(--app-account-inset,0px)_-_max(0px,(100vw_-_48rem)_/_2)))] sm:px-6 sm:pr-[max(1.5rem,calc(var(--app-account-inset,0px)_-_max(0px,(100vw_-_48rem)_/_2)))]',
          )}
        >
          {loading ? (
            <>
              <Skeleton className="size-8 rounded-full" />
              <Skeleton className="h-4 w-40" />
            </>
          ) : (
            info && (
              <>
                <AssistantAvatar
                  logoUrl={logoOf(info.appStyle)}
                  className={cn(
                    'size-8',
                    compact && 'border-0 bg-primary-foreground/15 text-primary-foreground',
                  )}
                />
                <div className="min-w-0 flex-1">
                  <h1 className={cn('truncate font-semibold', compact ? 'text-sm' : 'text-base')}>{name}</h1>
                  {info.description.trim() && (
                    <p
                      className={cn(
                        'truncate text-xs',
                        compact ? 'text-primary-foreground/80' : 'text-muted-foreground',
                      )}
                    >
                      {info.description}
                    </p>
                  )}
                </div>
              </>
            )
          )}
          {!info && <div className="flex-1" />}
          {onNewConversation &&
            (compact ? (
              <HeaderIcon label="New conversation" onClick={onNewConversation}>
                <SquarePen />
              </HeaderIcon>
            ) : (
              <Button variant="outline" size="sm" onClick={onNewConversation} className="bg-card">
                <SquarePen />
                <span className="max-sm:sr-only">New conversation</span>
              </Button>
            ))}
          {onClose && (
            <HeaderIcon label="Close chat" onClick={onClose}>
              <X />
            </HeaderIcon>
          )}
        </div>
      </header>
      {loading ? <HistorySkeleton compact={compact} /> : children}
    </ChatTheme>
  );
}

function HeaderIcon({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="text-primary-foreground hover:bg-primary-foreground/15 hover:text-primary-foreground"
    >
      {children}
    </Button>
  );
}

function HistorySkeleton({ compact }: { compact: boolean }) {
  return (
    <div
      aria-busy="true"
      aria-label="Loading the conversation"
      className={cn(
        'grid flex-1 content-start gap-5 py-8',
        compact ? 'px-4' : 'mx-auto w-full max-w-3xl px-4 sm:px-6',
      )}
    >
      <Skeleton className="ml-auto h-9 w-1/2 rounded-2xl" />
      <div className="flex gap-3">
        <Skeleton className="size-7 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      </div>
    </div>
  );
}

/** Why the chat cannot open: not active, a membership needed, or a failure worth another try. */
function ChatProblem({
  error,
  onRetry,
  appId,
  compact,
}: {
  error: unknown;
  onRetry: () => void;
  appId: string;
  compact: boolean;
}) {
  const code = isAppError(error) ? error.code : null;
  const notActive = code === 'chat/not-active' || code === 'not-found' || code === 'app/not-found';
  const membership = code === 'payments/membership-required';
  const title = notActive
    ? 'This assistant is not available'
    : membership
      ? 'Members only'
      : 'The chat could not load';
  const message = notActive
    ? 'Its owner has not turned it on yet. Come back later.'
    : isAppError(error)
      ? error.message
      : 'Something went wrong. Try again.';
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-12 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <MessageSquareOff className="size-6" aria-hidden />
      </div>
      <h2 className={cn('mt-4 font-semibold', compact ? 'text-base' : 'text-xl')}>{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">{message}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {!notActive && !membership && (
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
        {membership && compact && (
          <Button asChild>
            <a href={`/app/${encodeURIComponent(appId)}`} target="_blank" rel="noopener">
              Open the app
            </a>
          </Button>
        )}
      </div>
    </div>
  );
}
