import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppView, ToolStatus, ToolSummary } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface SetToolStatusInput {
  appId: string;
  toolId: string;
  status: ToolStatus;
}

/** POST /api/apps/{appId}/tools/{toolId}/status — draft ⇄ active (activation needs a header). */
export async function setToolStatus({ appId, toolId, status }: SetToolStatusInput): Promise<ToolSummary> {
  const body = await api<{ tool: ToolSummary }>(
    `/api/apps/${encodeURIComponent(appId)}/tools/${encodeURIComponent(toolId)}/status`,
    { body: { status } },
  );
  return body.tool;
}

export function useSetToolStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setToolStatus,
    onSuccess: (tool, { appId }) => {
      queryClient.setQueryData<AppView>(queryKeys.app(appId), (view) =>
        view
          ? { ...view, tools: view.tools.map((t) => (t.toolId === tool.toolId ? { ...t, ...tool } : t)) }
          : view,
      );
    },
  });
}
