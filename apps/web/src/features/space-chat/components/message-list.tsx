import { MessageSquare } from 'lucide-react';
import { spaceTexts, type MessageRating } from '@buildai/domain';
import type { SpaceUIMessage } from '../lib/types';
import { AssistantMessage } from './assistant-message';
import { UserMessage } from './user-message';

interface Props {
  appId: string;
  messages: SpaceUIMessage[];
  isAdmin: boolean;
  readOnly: boolean;
  busy: boolean;
  onContinue: () => void;
  /** sends the request of the failed last answer again */
  onRetry?: (text: string) => void;
  onRated: (messageId: string, rating: MessageRating) => void;
  onRestored: (messages: SpaceUIMessage[]) => void;
  onFilesChanged?: () => void;
}

/** The version before message `i`'s: the nearest earlier message naming another version. */
function previousVersion(messages: SpaceUIMessage[], i: number): string | null {
  const own = messages[i]!.metadata?.versionId;
  for (let k = i - 1; k >= 0; k--) {
    const v = messages[k]!.metadata?.versionId;
    if (v && v !== own) return v;
  }
  return null;
}

export function EmptyChat() {
  return (
    <div className="flex flex-col items-center justify-center gap-2 py-24 text-center">
      <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MessageSquare className="size-6" aria-hidden />
      </div>
      <h2 className="text-lg font-semibold">{spaceTexts.emptyTitle}</h2>
      <p className="max-w-xs text-sm text-muted-foreground">{spaceTexts.emptyHint}</p>
    </div>
  );
}

export function Thinking() {
  return (
    <div role="status" className="flex items-center gap-3 text-sm text-muted-foreground">
      <span className="flex gap-1" aria-hidden>
        {[0, 150, 300].map((d) => (
          <span
            key={d}
            className="size-1.5 animate-bounce rounded-full bg-primary/60"
            style={{ animationDelay: `${d}ms` }}
          />
        ))}
      </span>
      {spaceTexts.thinking}
    </div>
  );
}

/** The messages, each user message with its answer's context and each answer with its version neighbours. */
export function MessageList({ appId, messages, isAdmin, readOnly, busy, ...on }: Props) {
  return (
    <ol className="grid grid-cols-[minmax(0,1fr)] gap-6" aria-label="Messages">
      {messages.map((m, i) => {
        const isLast = i === messages.length - 1;
        return (
          <li key={m.id} className="min-w-0">
            {m.role === 'user' ? (
              <UserMessage
                appId={appId}
                message={m}
                answer={messages[i + 1]?.role === 'assistant' ? messages[i + 1] : undefined}
                isAdmin={isAdmin}
                readOnly={readOnly}
                streaming={busy}
                onRestored={on.onRestored}
              />
            ) : (
              <AssistantMessage
                appId={appId}
                message={m}
                previousVersionId={previousVersion(messages, i)}
                isAdmin={isAdmin}
                readOnly={readOnly}
                live={busy && isLast}
                streaming={busy}
                isLast={isLast}
                userMessageId={messages[i - 1]?.role === 'user' ? messages[i - 1]!.id : undefined}
                onFilesChanged={on.onFilesChanged}
                onContinue={on.onContinue}
                onRetry={on.onRetry && retryOf(messages, i, on.onRetry)}
                onRated={on.onRated}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Retry of an answer: the text of the user message before it, sent again (none when there is no such text). */
function retryOf(messages: SpaceUIMessage[], index: number, retry: (text: string) => void) {
  const asked = messages[index - 1];
  if (!asked || asked.role !== 'user') return undefined;
  const text = asked.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
  return text.trim() ? () => retry(text) : undefined;
}
