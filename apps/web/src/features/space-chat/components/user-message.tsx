import * as React from 'react';
import { Wrench } from 'lucide-react';
import { spaceTexts } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { textOf } from '../lib/actions';
import type { SpaceUIMessage } from '../lib/types';
import { ContextFilesDialog } from './context-files-dialog';
import { CopyButton } from './copy-button';
import { RevertButton } from './revert-button';

interface Props {
  appId: string;
  message: SpaceUIMessage;
  /** the answer to this message, whose annotation carries the turn's context files */
  answer?: SpaceUIMessage;
  isAdmin: boolean;
  readOnly: boolean;
  streaming: boolean;
  onRestored: (messages: SpaceUIMessage[]) => void;
}

/**
 * The builder's message: its text (or, for an autofix or 'Resolve with AI' message, a notice with the errors as
 * hidden details, spec 001 §4), context files and revert. Long unbroken text (a URL in a stack trace) wraps anywhere:
 * nothing is wider than the chat's column.
 */
export function UserMessage({ appId, message, answer, isAdmin, readOnly, streaming, onRestored }: Props) {
  const [details, setDetails] = React.useState(false);
  const text = textOf(message);
  const images = message.parts.flatMap((p) =>
    p.type === 'file' && p.mediaType.startsWith('image/') ? [{ url: p.url, filename: p.filename }] : [],
  );
  const kind = message.metadata?.systemActionInfo?.type;
  const versionId = message.metadata?.versionId;
  const context = answer?.metadata?.contextMetadata ? answer.metadata : message.metadata;
  const hasContext = Boolean(context?.contextMetadata || context?.contextFiles?.length);
  return (
    <div className="group flex flex-col items-end gap-1" data-role="user">
      {kind === 'autofix' || kind === 'fix' ? (
        <div className="w-full max-w-[85%] rounded-2xl rounded-br-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p className="flex items-start gap-2">
            <Wrench className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="flex-1">
              {kind === 'autofix' ? spaceTexts.autofixNotice : spaceTexts.fixNotice}
            </span>
          </p>
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0 text-amber-900"
            aria-expanded={details}
            onClick={() => setDetails((d) => !d)}
          >
            {details ? spaceTexts.hideDetails : spaceTexts.showDetails}
          </Button>
          {details && (
            <pre className="mt-2 max-h-60 overflow-auto font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">
              {text}
            </pre>
          )}
        </div>
      ) : (
        <>
          {images.length > 0 && (
            <div className="flex max-w-[85%] flex-wrap justify-end gap-2" aria-label="Images of the message">
              {images.map((image, i) => (
                <a key={i} href={image.url} target="_blank" rel="noreferrer">
                  <img
                    src={image.url}
                    alt={image.filename ?? 'Image'}
                    className="max-h-48 max-w-full rounded-xl border object-contain"
                  />
                </a>
              ))}
            </div>
          )}
          {text && (
            <div className="max-w-[85%] rounded-2xl rounded-br-md bg-primary px-4 py-2.5 text-sm whitespace-pre-wrap text-primary-foreground [overflow-wrap:anywhere]">
              {text}
            </div>
          )}
        </>
      )}
      <div className="flex items-center gap-1">
        {hasContext && (
          <ContextFilesDialog
            isAdmin={isAdmin}
            contextMetadata={context?.contextMetadata}
            contextFiles={context?.contextFiles}
          />
        )}
        {versionId && kind !== 'autofix' && !readOnly && (
          <RevertButton
            appId={appId}
            versionId={versionId}
            messageId={message.id}
            streaming={streaming}
            onRestored={onRestored}
          />
        )}
        {isAdmin && <CopyButton text={text} />}
      </div>
    </div>
  );
}
