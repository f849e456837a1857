import { publicOrigin } from '@/lib/public-origin';
import {
  builderMessages,
  errorCatalogue,
  MAX_TOOLS_PER_APP,
  TOOL_PATH_MAX_LENGTH,
  TOOL_PATH_PATTERN,
  TOOL_TITLE_MAX_LENGTH,
  toolPathTaken,
  type ToolSummary,
} from '@buildai/domain';

/** The rules of a tool of an app (spec 001 §5), checked before anything is sent. */

/** A path from a title: "Blog Post Ideas!" → "blog-post-ideas". */
export function toToolPath(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TOOL_PATH_MAX_LENGTH)
    .replace(/-+$/, '');
}

/** Why a tool cannot have this title and path next to the app's other tools, or null. */
export function toolMetaProblem(
  input: { title: string; path: string },
  tools: readonly ToolSummary[],
  toolId?: string,
): string | null {
  if (input.title.trim().length > TOOL_TITLE_MAX_LENGTH) return errorCatalogue['tool/title-too-long'].message;
  const path = input.path.trim();
  if (!path || !TOOL_PATH_PATTERN.test(path) || path.length > TOOL_PATH_MAX_LENGTH) {
    return builderMessages.pathInvalid;
  }
  return toolPathTaken(tools, path, toolId) ? builderMessages.pathTaken : null;
}

/** Why another tool cannot be added, or null. */
export function addToolProblem(tools: readonly ToolSummary[]): string | null {
  return tools.length >= MAX_TOOLS_PER_APP ? builderMessages.maxTools(MAX_TOOLS_PER_APP) : null;
}

export function toolTitle(tool: Pick<ToolSummary, 'title'>): string {
  return tool.title.trim() || 'Untitled tool';
}

export function publicToolLink(appId: string, path: string, origin = publicOrigin()): string {
  return `${origin}/app/${encodeURIComponent(appId)}/tool/${encodeURIComponent(path)}`;
}

export function toolEditorPath(appId: string, toolId: string): string {
  return `/build/app/${encodeURIComponent(appId)}/tool/${encodeURIComponent(toolId)}`;
}
