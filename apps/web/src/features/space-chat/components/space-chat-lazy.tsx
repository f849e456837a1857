import * as React from 'react';
import type { AppErrorItem } from '@buildai/domain';
import { Skeleton } from '@/components/ui/skeleton';
import type { ChatRequest } from '../hooks/use-chat-requests';

export interface SpaceChatProps {
  appId: string;
  isAdmin: boolean;
  readOnly?: boolean;
  appErrors: AppErrorItem[];
  onFilesChanged: () => void;
  /** an action's output as it arrives, before the chat renders it */
  onActionOutput?: (output: unknown) => void;
  /** runs before a message the builder typed is sent */
  beforeSend?: () => Promise<unknown>;
  /** clears these errors (the ones a fix was sent for), keeping any reported since */
  onClearErrors: (sent: readonly AppErrorItem[]) => void;
  /** reports whether a turn is running (the workspace refuses permission changes meanwhile) */
  onBusyChange?: (busy: boolean) => void;
  /** a message another screen asks the chat to send, with its system action */
  request?: ChatRequest | null;
  /** the request was sent (`error` null) or could not be */
  onRequestSettled?: (id: number, error: unknown) => void;
}

/** The chat's place while it loads. */
export function ChatSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the chat"
      className="mx-auto grid w-full max-w-3xl gap-6 px-4 pt-6"
    >
      <Skeleton className="ml-auto h-10 w-2/3 rounded-2xl" />
      <Skeleton className="h-24 w-full rounded-xl" />
      <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
    </div>
  );
}

// The AI SDK, the diff and the chat's dialogs load with the first space chat, not with the page that composes it
// (docs/decisions/0005 "Page weight").
const Panel = React.lazy(() => import('./space-chat').then((m) => ({ default: m.SpaceChat })));

/** The space app's chat panel and its floating issues panel (see ./space-chat.tsx). */
export function SpaceChat(props: SpaceChatProps) {
  return (
    <React.Suspense fallback={<ChatSkeleton />}>
      <Panel {...props} />
    </React.Suspense>
  );
}
