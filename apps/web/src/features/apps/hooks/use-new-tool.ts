import { useNavigate } from 'react-router';
import type { AppType } from '@buildai/domain';
import { toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateApp } from '../api/create-app';

/**
 * Creates an app and opens it in the builder: a tool app on its first tool, an app of tools on its menu. A
 * generated app's description goes with it, as its App Chat's first message (the navigation's `firstMessage`).
 */
export function useNewTool() {
  const navigate = useNavigate();
  const mutation = useCreateApp();
  const create = (kind: AppType = 'tool', firstMessage?: string) =>
    mutation.mutate(kind, {
      onSuccess: (created) => {
        navigate(
          created.toolId
            ? `/build/app/${encodeURIComponent(created.appId)}/tool/${encodeURIComponent(created.toolId)}`
            : `/build/app/${encodeURIComponent(created.appId)}`,
          firstMessage ? { state: { firstMessage } } : undefined,
        );
      },
      onError: (err) => toastError(errorMessage(err)),
    });
  return { create, pending: mutation.isPending, kind: mutation.variables };
}
