import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import type { AssistantInfo } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { isAppError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import type { ChatSurface } from '../api/assistant-fetch';
import { useAssistantChat } from '../hooks/use-assistant-chat';
import type { ChatMessage } from '../lib/messages';
import { logoOf } from './chat-theme';
import { Composer } from './composer';
import { rateAnswer } from '../api/rate-answer';
import { AssistantAvatar, AssistantMessage, Thinking, UserMessage } from './message-item';

export interface ConversationProps {
  appId: string;
  surface: ChatSurface;
  info: AssistantInfo;
  conversationId: string;
  initialMessages: ChatMessage[];
  /** a message was refused because the app asks for a membership the visitor does not have */
  onMembershipRequired?: () => void;
}

/** A refusal before the answer began (4xx): the question is back in the box, asking again would not help. */
const isRefusal = (err: unknown) => isAppError(err) && err.status >= 400 && err.status < 500;

/** The messages of one conversation, the answer streaming in, and the box to write the next one. */
export function Conversation({
  appId,
  surface,
  info,
  conversationId,
  initialMessages,
  ...rest
}: ConversationProps) {
  const compact = surface === 'widget';
  const queryClient = useQueryClient();
  const [draft, setDraft] = React.useState('');
  const chat = useAssistantChat({
    appId,
    surface,
    conversationId,
    initialMessages,
    onRefused: (text, err) => {
      setDraft(text);
      if (err.code === 'payments/membership-required') rest.onMembershipRequired?.();
    },
  });
  const scroller = React.useRef<HTMLDivElement>(null);
  const pinned = React.useRef(true);
  React.useLayoutEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [chat.messages, chat.status, chat.error]);

  const last = chat.messages.at(-1);
  const logoUrl = logoOf(info.appStyle);
  const error = chat.error;
  const column = compact ? 'px-4' : 'mx-auto w-full max-w-3xl px-4 sm:px-6';

  return (
    <>
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto"
        onScroll={(e) => {
          const el = e.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
        }}
      >
        {chat.messages.length === 0 && !error ? (
          <Welcome
            info={info}
            compact={compact}
            disabled={chat.busy}
            onStarter={(text) => {
              pinned.current = true;
              chat.send(text);
            }}
          />
        ) : (
          <div
            role="log"
            aria-label="Conversation"
            aria-live="polite"
            className={cn(column, 'grid gap-5', compact ? 'py-4' : 'py-8')}
          >
            {chat.messages.map((m, i) =>
              m.role === 'user' ? (
                <UserMessage key={m.id} message={m} />
              ) : (
                <AssistantMessage
                  key={m.id}
                  message={m}
                  logoUrl={logoUrl}
                  live={chat.status === 'streaming' && i === chat.messages.length - 1}
                  canRetry={i === chat.messages.length - 1 && !chat.busy}
                  onRetry={chat.retry}
                  onRate={(runId, rating, reason) =>
                    rateAnswer(surface, appId, runId, rating, reason).then((rated) => {
                      // the thumb shows in the user's history too
                      void queryClient.invalidateQueries({ queryKey: queryKeys.myHistory(appId) });
                      return rated;
                    })
                  }
                />
              ),
            )}
            {chat.status === 'submitted' && last?.role === 'user' && <Thinking logoUrl={logoUrl} />}
            {error && (
              <div
                role="alert"
                className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive"
              >
                <AlertCircle className="size-4 shrink-0" aria-hidden />
                <span className="min-w-0 flex-1">
                  {isAppError(error) ? error.message : 'The answer was cut short. Try again.'}
                </span>
                {!isRefusal(error) && last?.role !== undefined && (
                  <Button size="sm" variant="outline" className="h-7 bg-card" onClick={chat.retry}>
                    Try again
                  </Button>
                )}
              </div>
            )}
          </div>
        )}
      </div>
      <div className={cn(column, compact ? 'pb-3' : 'pb-5 sm:pb-6')}>
        <Composer
          value={draft}
          onChange={setDraft}
          busy={chat.busy}
          compact={compact}
          placeholder={`Message ${info.header.trim() || 'the assistant'}…`}
          onStop={chat.stop}
          onSend={(text) => {
            setDraft('');
            pinned.current = true;
            chat.send(text);
          }}
        />
        {!compact && (
          <p className="mt-2 text-center text-xs text-muted-foreground">
            Answers are written by AI and may be wrong. Check what matters.
          </p>
        )}
      </div>
    </>
  );
}

/** The empty conversation: the assistant introduces itself and offers the builder's starter questions. */
function Welcome({
  info,
  compact,
  disabled,
  onStarter,
}: {
  info: AssistantInfo;
  compact: boolean;
  disabled: boolean;
  onStarter: (text: string) => void;
}) {
  const starters = info.starters ?? [];
  const name = info.header.trim() || 'Assistant';
  const welcome = info.welcomeMessage.trim() || `Hi! I'm ${name}. Ask me anything.`;
  return (
    <div
      className={cn(
        'flex h-full flex-col items-center justify-center px-6 text-center',
        compact ? 'py-8' : 'py-16',
      )}
    >
      <AssistantAvatar logoUrl={logoOf(info.appStyle)} className="size-14 [&>svg]:size-7" />
      <h2 className={cn('mt-4 font-semibold tracking-tight', compact ? 'text-lg' : 'text-2xl')}>{name}</h2>
      <p className="mt-2 max-w-md text-sm leading-relaxed whitespace-pre-line text-muted-foreground">
        {welcome}
      </p>
      {!compact && info.description.trim() && info.description.trim() !== welcome && (
        <p className="mt-1 max-w-md text-sm text-muted-foreground/80">{info.description}</p>
      )}
      {starters.length > 0 && (
        <ul
          aria-label="Suggested questions"
          className={cn('mt-6 grid w-full gap-2', compact ? 'max-w-sm' : 'max-w-xl sm:grid-cols-2')}
        >
          {starters.map((starter) => (
            <li key={starter} className="min-w-0">
              <button
                type="button"
                disabled={disabled}
                onClick={() => onStarter(starter)}
                className="flex h-full w-full items-center rounded-xl border bg-card px-3.5 py-2.5 text-left text-sm leading-snug text-card-foreground shadow-xs transition-colors hover:border-primary/50 hover:bg-primary/5 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-hidden disabled:opacity-60"
              >
                {starter}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
