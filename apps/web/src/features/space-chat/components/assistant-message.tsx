import * as React from 'react';
import { CircleStop, RotateCcw, Sparkles, ThumbsUp } from 'lucide-react';
import { spaceTexts, type MessageRating } from '@buildai/domain';
import { Markdown } from '@/components/markdown/markdown';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { actionsOf, textOf, touchedPaths } from '../lib/actions';
import type { SpaceUIMessage } from '../lib/types';
import { ActionList } from './action-list';
import { ContextFilesDialog } from './context-files-dialog';
import { CopyButton } from './copy-button';
import { DiffDialog } from './diff-dialog';
import { ErrorBlock } from './error-block';
import { RatingDialog } from './rating-dialog';
import { ValidationTester } from './validation-tester';

interface Props {
  appId: string;
  message: SpaceUIMessage;
  previousVersionId: string | null;
  isAdmin: boolean;
  readOnly: boolean;
  /** this message is the one streaming now */
  live: boolean;
  /** the chat is busy (any message) */
  streaming: boolean;
  isLast: boolean;
  onContinue: () => void;
  /** the last answer failed: sends its request again (absent: no Retry) */
  onRetry?: () => void;
  onRated: (messageId: string, rating: MessageRating) => void;
  /** the user message whose turn made this answer (the tester's messageId) */
  userMessageId?: string;
  /** a repaired bundle was applied from the tester: the app's files changed */
  onFilesChanged?: () => void;
}

/** A failed answer's block says what failed in the error's own first line (the provider's words). */
function errorTitle(error: string): string {
  const first = error.trim().split('\n')[0]!.trim();
  return first.length > 160 ? `${first.slice(0, 157)}...` : first || 'This answer failed';
}

/** The assistant's answer: text, the grouped actions, truncation with continue, errors, and its tools. */
export function AssistantMessage(props: Props) {
  const { appId, message, isAdmin, readOnly, live, streaming, isLast } = props;
  const [rating, setRating] = React.useState(false);
  const meta = message.metadata;
  const text = textOf(message);
  const actions = actionsOf(message, live);
  const truncated = actions.some((a) => a.state === 'truncated');
  const rated = Boolean(meta?.rating);
  return (
    <div className="group flex gap-3" data-role="assistant">
      <div className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Sparkles className="size-4" aria-hidden />
      </div>
      <div className="grid min-w-0 flex-1 gap-3">
        {text && <Markdown text={text} className="text-sm leading-relaxed" />}
        <ActionList actions={actions} />
        {truncated && (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <span>{spaceTexts.truncated}</span>
            {isLast && !readOnly && (
              <Button size="sm" disabled={streaming} onClick={props.onContinue}>
                {spaceTexts.keepGoing}
              </Button>
            )}
          </div>
        )}
        {meta?.stopped && (
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <CircleStop className="size-3.5" aria-hidden />
            Stopped. What was complete is kept.
          </p>
        )}
        {meta?.error && <ErrorBlock title={errorTitle(meta.error)} details={meta.error} />}
        {meta?.error && isLast && !readOnly && props.onRetry && (
          <div>
            <Button size="sm" variant="outline" disabled={streaming} onClick={props.onRetry}>
              <RotateCcw />
              Retry
            </Button>
          </div>
        )}
        {!live && (
          <div className="flex flex-wrap items-center gap-1">
            {/* a failed answer is not one to rate (issue 32, item 4) */}
            {!readOnly && !streaming && !meta?.error && (
              <Button
                variant="ghost"
                size="sm"
                className="h-7 px-2 text-xs text-muted-foreground"
                disabled={rated}
                onClick={() => setRating(true)}
              >
                <ThumbsUp />
                {rated ? spaceTexts.alreadyRated : spaceTexts.rateThis}
              </Button>
            )}
            {meta?.versionId && (
              <DiffDialog
                appId={appId}
                versionId={meta.versionId}
                previousVersionId={props.previousVersionId}
                touchedFiles={touchedPaths(actions)}
                streaming={streaming}
              />
            )}
            {(meta?.contextMetadata || meta?.contextFiles?.length) && (
              <ContextFilesDialog
                isAdmin={isAdmin}
                contextMetadata={meta.contextMetadata}
                contextFiles={meta.contextFiles}
              />
            )}
            {isAdmin && <CopyButton text={text} />}
            {isAdmin && meta?.versionId && (
              <Badge variant="muted" className="font-mono" title="Version id">
                {meta.versionId}
              </Badge>
            )}
            {isAdmin && (meta?.model ?? meta?.usage?.modelInfo.model) && (
              <Badge variant="outline" className="font-mono" title="Model">
                {meta.model ?? meta.usage?.modelInfo.model}
              </Badge>
            )}
          </div>
        )}
        {isAdmin && !live && !readOnly && meta?.versionId && (
          <ValidationTester
            appId={appId}
            versionId={meta.versionId}
            messageId={props.userMessageId ?? message.id}
            messageContent={text}
            onApplied={() => props.onFilesChanged?.()}
          />
        )}
      </div>
      {rating && (
        <RatingDialog
          appId={appId}
          messageId={message.id}
          open={rating}
          onOpenChange={setRating}
          onRated={(r) => props.onRated(message.id, r)}
        />
      )}
    </div>
  );
}
