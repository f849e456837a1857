import { useNavigate } from 'react-router';
import { toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateApp } from '../api/create-app';

/** Creates a tool app and opens its first tool in the editor. */
export function useNewTool() {
  const navigate = useNavigate();
  const mutation = useCreateApp();
  const create = () =>
    mutation.mutate('tool', {
      onSuccess: (created) => {
        navigate(
          created.toolId
            ? `/build/app/${encodeURIComponent(created.appId)}/tool/${encodeURIComponent(created.toolId)}`
            : `/build/app/${encodeURIComponent(created.appId)}`,
        );
      },
      onError: (err) => toastError(errorMessage(err)),
    });
  return { create, pending: mutation.isPending };
}
