import type { AppStyle, AppView, ToolSummary } from '@buildai/domain';

interface ActionPreview {
  tool?: ToolSummary;
  removedToolId?: string;
  app?: { header: string; description: string; appStyle: AppStyle };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The cached app with what an App Chat action's output says changed (its `preview`, decision 0015): a tool added
 * or changed (in place, or at the end), a tool removed, or the app's details and branding. Anything else leaves
 * the app as it is; the app is read again after anyway.
 */
export function withActionPreview(app: AppView, output: unknown): AppView {
  if (!isObject(output) || output.ok !== true || !isObject(output.preview)) return app;
  const preview = output.preview as ActionPreview;
  let next = app;
  const tool = preview.tool;
  if (tool && typeof tool.toolId === 'string') {
    const at = next.tools.findIndex((t) => t.toolId === tool.toolId);
    const tools = at < 0 ? [...next.tools, tool] : next.tools.map((t, i) => (i === at ? tool : t));
    next = { ...next, tools };
  }
  if (typeof preview.removedToolId === 'string')
    next = { ...next, tools: next.tools.filter((t) => t.toolId !== preview.removedToolId) };
  if (preview.app && typeof preview.app.header === 'string')
    next = {
      ...next,
      header: preview.app.header,
      description: preview.app.description,
      appStyle: preview.app.appStyle,
    };
  return next;
}
