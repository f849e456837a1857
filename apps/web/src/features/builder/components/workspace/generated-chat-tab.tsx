import * as React from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MessagesSquare, Sparkles } from 'lucide-react';
import { isLiteBuilder } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import type { AppScope } from './app-workspace';

const noErrors: never[] = [];
const nothing = () => undefined;

/**
 * The 'App Chat' tab of a generated app (decision 0015): the builder describes the app and the chat writes its
 * tools. For admins and paid plans; the lowest plan is offered the upgrade.
 */
export function GeneratedChatTab({ scope }: { scope: AppScope }) {
  const { app, account, renderChat } = scope;
  // the description the app was created with is the chat's first message, sent once
  const location = useLocation();
  const navigate = useNavigate();
  const firstMessage = (location.state as { firstMessage?: unknown } | null)?.firstMessage;
  const request = React.useMemo(
    () => (typeof firstMessage === 'string' && firstMessage.trim() ? { id: 1, text: firstMessage } : null),
    [firstMessage],
  );
  const onRequestSettled = React.useCallback(
    () => void navigate(`${location.pathname}${location.search}`, { replace: true, state: null }),
    [navigate, location.pathname, location.search],
  );
  const { onChatChanged, onChatOutput, flushEdits } = scope;
  // one element while its inputs stay: the chat does not render again for each change of the app it writes
  const chat = React.useMemo(
    () =>
      renderChat?.({
        appId: app.appId,
        isAdmin: account.isAdmin,
        appErrors: noErrors,
        onFilesChanged: onChatChanged,
        onActionOutput: onChatOutput,
        // the panels' waiting edits are saved first: the turn then works on them, and they never undo it
        beforeSend: flushEdits,
        onClearErrors: nothing,
        request,
        onRequestSettled,
      }),
    [
      renderChat,
      app.appId,
      account.isAdmin,
      onChatChanged,
      onChatOutput,
      flushEdits,
      request,
      onRequestSettled,
    ],
  );
  if (isLiteBuilder(account))
    return (
      <div className="flex flex-col items-center px-6 py-12 text-center">
        <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Sparkles className="size-5" />
        </span>
        <p className="mt-3 text-sm font-semibold">Build your app by describing it</p>
        <p className="mt-1 max-w-xs text-sm text-muted-foreground">
          Upgrade your plan to build your app through the chat: describe what your users need and the chat
          writes the tools, fields and prompts.
        </p>
        <Button size="sm" className="mt-4" onClick={scope.onUpgrade}>
          Upgrade plan
        </Button>
      </div>
    );
  if (!renderChat)
    return (
      <div className="flex flex-col items-center px-6 py-12 text-center text-sm text-muted-foreground">
        <MessagesSquare className="size-5" />
        <p className="mt-2">The App Chat is not available here.</p>
      </div>
    );
  return (
    <section aria-label="App Chat" className="relative flex min-h-[560px] flex-1 flex-col lg:min-h-0">
      {chat}
    </section>
  );
}
