import * as React from 'react';
import { Check, Copy, Loader2, RotateCcw, Sparkles, Wrench, XCircle } from 'lucide-react';
import type { LogRating } from '@buildai/domain';
import { AnswerRating } from '@/components/answer-rating';
import { Citations } from '@/components/citations';
import { Markdown } from '@/components/markdown/markdown';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { citationsOf, textOf, toolUsesOf, type ChatMessage } from '../lib/messages';

export function UserMessage({ message }: { message: ChatMessage }) {
  return (
    <div className="flex justify-end" data-role="user">
      <div className="max-w-[85%] rounded-2xl rounded-br-md bg-primary px-4 py-2.5 text-sm leading-relaxed whitespace-pre-wrap text-primary-foreground shadow-sm">
        {textOf(message)}
      </div>
    </div>
  );
}

/** The assistant's avatar: the app's logo, or a mark in its colour. */
export function AssistantAvatar({ logoUrl, className }: { logoUrl?: string | null; className?: string }) {
  return logoUrl ? (
    <img
      src={logoUrl}
      alt=""
      className={cn('size-7 shrink-0 rounded-full border bg-card object-contain', className)}
    />
  ) : (
    <div
      className={cn(
        'flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary',
        className,
      )}
    >
      <Sparkles className="size-4" aria-hidden />
    </div>
  );
}

interface AssistantProps {
  message: ChatMessage;
  logoUrl?: string | null;
  /** this answer is streaming now */
  live: boolean;
  /** the last answer (it may be asked again) and the chat is idle */
  canRetry: boolean;
  onRetry: () => void;
  /** the end user's rating of a stored answer (decision 0018) */
  onRate?: (runId: string, rating: LogRating, reason?: string) => Promise<unknown>;
}

/** The assistant's answer: Markdown, the tools it used, its sources, then Copy and (the last one) Retry. */
export function AssistantMessage({ message, logoUrl, live, canRetry, onRetry, onRate }: AssistantProps) {
  const runId = message.metadata?.runId;
  const text = textOf(message);
  const tools = toolUsesOf(message);
  const citations = citationsOf(message);
  return (
    <div className="group flex gap-3" data-role="assistant">
      <AssistantAvatar logoUrl={logoUrl} className="mt-0.5" />
      <div className="grid min-w-0 flex-1 gap-2">
        {tools.length > 0 && (
          <ul aria-label="Tools used" className="flex flex-wrap gap-1.5">
            {tools.map((t) => (
              <li
                key={t.key}
                className="inline-flex items-center gap-1.5 rounded-full border bg-muted/60 px-2.5 py-0.5 text-xs text-muted-foreground"
              >
                {t.state === 'running' ? (
                  <Loader2 className="size-3 animate-spin" aria-hidden />
                ) : t.state === 'failed' ? (
                  <XCircle className="size-3 text-destructive" aria-hidden />
                ) : (
                  <Wrench className="size-3" aria-hidden />
                )}
                {t.name}
              </li>
            ))}
          </ul>
        )}
        {text ? (
          <Markdown text={text} className="text-sm leading-relaxed text-card-foreground" />
        ) : live ? (
          <Thinking />
        ) : null}
        {text && <Citations citations={citations} />}
        {!live && text && (
          <div className="-ml-1.5 flex items-center gap-0.5 opacity-70 transition-opacity group-hover:opacity-100 focus-within:opacity-100">
            <CopyButton text={text} />
            {runId && onRate && (
              <AnswerRating
                key={runId}
                initial={message.metadata?.rating ?? null}
                onRate={(rating, reason) => onRate(runId, rating, reason)}
              />
            )}
            {canRetry && (
              <Button
                variant="ghost"
                size="icon-sm"
                className="size-7 text-muted-foreground"
                aria-label="Retry"
                title="Ask again"
                onClick={onRetry}
              >
                <RotateCcw />
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** The moment between sending and the first words. */
export function Thinking({ logoUrl }: { logoUrl?: string | null } = {}) {
  const dots = (
    <div role="status" aria-label="Thinking" className="flex h-6 items-center gap-1">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-1.5 animate-bounce rounded-full bg-muted-foreground/60"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </div>
  );
  if (logoUrl === undefined) return dots;
  return (
    <div className="flex gap-3" data-role="assistant">
      <AssistantAvatar logoUrl={logoUrl} className="mt-0.5" />
      {dots}
    </div>
  );
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = React.useState(false);
  React.useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      className="size-7 text-muted-foreground"
      aria-label={copied ? 'Copied' : 'Copy answer'}
      title={copied ? 'Copied' : 'Copy'}
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => undefined,
        )
      }
    >
      {copied ? <Check /> : <Copy />}
    </Button>
  );
}
