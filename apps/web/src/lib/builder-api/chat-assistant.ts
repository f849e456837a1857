import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  chatMessages,
  DEFAULT_CHAT_SETTINGS,
  type AppView,
  type ChatActivateResponse,
  type ChatSettings,
} from '@buildai/domain';
import { toast, toastError } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The app's chat settings as the cached app has them (a public or older view may leave them out). */
export function chatSettingsOf(app: Pick<AppView, 'appSettings'>): ChatSettings {
  return app.appSettings.chatSettings ?? DEFAULT_CHAT_SETTINGS;
}

/** `POST /api/apps/{appId}/chat/activate {isActive}` → `{isActive, chatAppId}` (spec 001 §3, §8). */
export function activateChat(appId: string, isActive: boolean): Promise<ChatActivateResponse> {
  return api<ChatActivateResponse>(`/api/apps/${encodeURIComponent(appId)}/chat/activate`, {
    body: { isActive },
  });
}

function putChatSettings(view: AppView | undefined, patch: Partial<ChatSettings>): AppView | undefined {
  if (!view) return view;
  const chatSettings = { ...chatSettingsOf(view), ...patch };
  return { ...view, appSettings: { ...view.appSettings, chatSettings } };
}

/**
 * The chat assistant's status, draft ⇄ active (spec 001 §4 "Applied optimistically, reverted if the server call
 * fails"): the cached app shows the new status at once; the server's answer brings the chat app's id; a failure puts
 * the status back. Each outcome is one of the spec's four toasts (§8).
 */
export function useActivateChat(appId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.app(appId);
  return useMutation({
    mutationFn: (isActive: boolean) => activateChat(appId, isActive),
    onMutate: async (isActive) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<AppView>(key);
      queryClient.setQueryData<AppView>(key, (view) =>
        putChatSettings(view, { status: isActive ? 'active' : 'draft' }),
      );
      return { before: before ? chatSettingsOf(before) : null };
    },
    onSuccess: (res) => {
      queryClient.setQueryData<AppView>(key, (view) =>
        putChatSettings(view, { chatAppId: res.chatAppId, status: res.isActive ? 'active' : 'draft' }),
      );
      toast({ title: res.isActive ? chatMessages.activated : chatMessages.deactivated });
    },
    onError: (_err, isActive, context) => {
      if (context?.before) {
        const before = context.before;
        queryClient.setQueryData<AppView>(key, (view) => putChatSettings(view, before));
      }
      toastError(isActive ? chatMessages.activateFailed : chatMessages.deactivateFailed);
    },
  });
}
