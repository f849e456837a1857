import { refusalText, type ToolActionType } from '@buildai/domain';
import type { Platform } from '../../platform';
import {
  addToolDocument,
  editAppDocument,
  editToolDocument,
  removeToolDocument,
  type ActionPreview,
  type AppChangeBus,
  type ToolActionContext,
  type ToolActionResult,
} from '../apps';
import type { AppliedActions, ToolExecutes } from './chat-tools';

type Applied = { path?: string; toolId?: string; preview?: ActionPreview };

export interface ToolToolsOptions {
  platform: Platform;
  changes: AppChangeBus;
  context: ToolActionContext;
  applied: AppliedActions;
}

/**
 * The execute of a generated app's tool actions (declared in the domain's registry, `chat-actions/`; decision
 * 0015). Each call runs at once in its own transaction under the app's lock, through the domain's rules of a tool
 * (the panels' rules); a refused call saves nothing and answers the rule's message, which the model acts on.
 * Every change is announced, so the preview shows it while the turn goes on.
 */
export function toolTools(options: ToolToolsOptions): Pick<ToolExecutes, ToolActionType> {
  const { platform, changes, context, applied } = options;
  // the SDK runs a step's calls at once: they take turns in the order the model wrote them, so three tools added in
  // one step keep that order in the app
  let queue: Promise<unknown> = Promise.resolve();
  const run = (
    type: ToolActionType,
    toolCallId: string,
    apply: () => Promise<Applied>,
  ): Promise<ToolActionResult> => {
    const next = queue.then(() => runNow(type, toolCallId, apply));
    queue = next;
    return next;
  };
  const runNow = async (
    type: ToolActionType,
    toolCallId: string,
    apply: () => Promise<Applied>,
  ): Promise<ToolActionResult> => {
    let result: ToolActionResult;
    try {
      result = { ok: true, ...(await apply()) };
      await changes.announce(context.appId);
    } catch (err) {
      result = { ok: false, error: refusalText(err) };
    }
    applied.set(toolCallId, { type, result });
    return result;
  };
  return {
    add_tool: (input, id) => run('add_tool', id, () => addToolDocument(context, input)),
    edit_tool: (input, id) =>
      run('edit_tool', id, () =>
        editToolDocument(context, input.path, input.changes as Record<string, unknown>),
      ),
    remove_tool: (input, id) =>
      run('remove_tool', id, () => removeToolDocument(platform, context, input.path)),
    edit_app: (input, id) => run('edit_app', id, () => editAppDocument(context, input)),
  };
}
