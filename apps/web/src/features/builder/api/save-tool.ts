import type { QueryClient } from '@tanstack/react-query';
import type { AiApp, AppType, AppView, ToolSummary } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface SaveToolInput {
  appId: string;
  appType: AppType;
  toolId: string;
  app: AiApp;
}

/** What a tool save answers: the whole app (tool apps) or the tool (generated apps). */
export type SaveToolResult = { view: AppView } | { tool: ToolSummary };

/**
 * Saves one tool's definition: `POST /api/apps {appType, appId, toolId, app}` for a tool app,
 * `PUT /api/apps/{appId}/tools/{toolId}` for a tool of a generated app (decision 0003).
 */
export async function saveTool({ appId, appType, toolId, app }: SaveToolInput): Promise<SaveToolResult> {
  if (appType === 'generated') {
    const body = await api<{ tool: ToolSummary }>(
      `/api/apps/${encodeURIComponent(appId)}/tools/${encodeURIComponent(toolId)}`,
      { method: 'PUT', body: app },
    );
    return { tool: body.tool };
  }
  const view = await api<AppView>('/api/apps', { body: { appType, appId, toolId, app } });
  return { view };
}

/** Puts a saved tool into the cached app, so lists and titles elsewhere follow. */
export function cacheSavedTool(queryClient: QueryClient, appId: string, result: SaveToolResult) {
  if ('view' in result) {
    queryClient.setQueryData(queryKeys.app(appId), result.view);
  } else {
    queryClient.setQueryData<AppView>(queryKeys.app(appId), (view) =>
      view
        ? {
            ...view,
            tools: view.tools.map((t) => (t.toolId === result.tool.toolId ? { ...t, ...result.tool } : t)),
          }
        : view,
    );
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.apps, exact: true });
}
