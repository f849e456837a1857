import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AppView,
  CreateToolResponse,
  ToolImageResponse,
  ToolStatus,
  ToolSummary,
} from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { uploadFile, type UploadOptions } from '@/lib/upload';

const toolsPath = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/tools`;
const toolPath = (appId: string, toolId: string) => `${toolsPath(appId)}/${encodeURIComponent(toolId)}`;

/** POST /api/apps/{appId}/tools — a new draft tool in a generated app. */
export function createTool(appId: string, input: { title: string; path: string }) {
  return api<CreateToolResponse>(toolsPath(appId), { body: input });
}

/** PATCH /api/apps/{appId}/tools/{toolId} — rename: title and/or path. */
export async function updateToolMeta(
  appId: string,
  toolId: string,
  input: { title?: string; path?: string },
) {
  return (await api<{ tool: ToolSummary }>(toolPath(appId, toolId), { method: 'PATCH', body: input })).tool;
}

/** DELETE /api/apps/{appId}/tools/{toolId} — the tool and its runs. */
export function deleteTool(appId: string, toolId: string) {
  return api<void>(toolPath(appId, toolId), { method: 'DELETE' });
}

/** POST /api/apps/{appId}/tools/order — the app's tools, all of them, in their new order. */
export async function reorderTools(appId: string, toolIds: string[]) {
  return (await api<{ tools: ToolSummary[] }>(`${toolsPath(appId)}/order`, { body: { toolIds } })).tools;
}

/** POST /api/apps/{appId}/tools/{toolId}/status — draft ⇄ active. */
export async function changeToolStatus(appId: string, toolId: string, status: ToolStatus) {
  return (await api<{ tool: ToolSummary }>(`${toolPath(appId, toolId)}/status`, { body: { status } })).tool;
}

/** POST /api/apps/{appId}/tools/{toolId}/image — multipart `file`, with upload progress. */
export async function uploadToolImage(appId: string, toolId: string, file: File, opts: UploadOptions = {}) {
  return (await uploadFile<ToolImageResponse>(`${toolPath(appId, toolId)}/image`, file, opts)).imageUrl;
}

/** DELETE /api/apps/{appId}/tools/{toolId}/image — back to no photo. */
export async function deleteToolImage(appId: string, toolId: string) {
  return (await api<{ tool: ToolSummary }>(`${toolPath(appId, toolId)}/image`, { method: 'DELETE' })).tool;
}

/** Merges a changed tool into the cached app, then asks the server for the whole app again. */
export function refreshApp(queryClient: QueryClient, appId: string, tool?: ToolSummary) {
  if (tool) {
    queryClient.setQueryData<AppView>(queryKeys.app(appId), (view) =>
      view
        ? { ...view, tools: view.tools.map((t) => (t.toolId === tool.toolId ? { ...t, ...tool } : t)) }
        : view,
    );
  }
  return queryClient.invalidateQueries({ queryKey: queryKeys.app(appId) });
}

export function useCreateTool(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { title: string; path: string }) => createTool(appId, input),
    onSuccess: () => refreshApp(queryClient, appId),
  });
}

export function useUpdateToolMeta(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { toolId: string; title?: string; path?: string }) =>
      updateToolMeta(appId, v.toolId, { title: v.title, path: v.path }),
    onSuccess: (tool) => refreshApp(queryClient, appId, tool),
  });
}

export function useDeleteTool(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (toolId: string) => deleteTool(appId, toolId),
    onSuccess: () => refreshApp(queryClient, appId),
  });
}

export function useReorderTools(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (toolIds: string[]) => reorderTools(appId, toolIds),
    onSuccess: (tools) => {
      queryClient.setQueryData<AppView>(queryKeys.app(appId), (view) => (view ? { ...view, tools } : view));
      return refreshApp(queryClient, appId);
    },
  });
}

export function useChangeToolStatus(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { toolId: string; status: ToolStatus }) => changeToolStatus(appId, v.toolId, v.status),
    onSuccess: (tool) => refreshApp(queryClient, appId, tool),
  });
}

export function useDeleteToolImage(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (toolId: string) => deleteToolImage(appId, toolId),
    onSuccess: (tool) => refreshApp(queryClient, appId, tool),
  });
}
