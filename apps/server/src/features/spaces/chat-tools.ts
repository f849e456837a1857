import { tool, type ToolSet } from 'ai';
import { chatActionList, chatActions, type ChatToolInput, type ChatToolType } from '@buildai/domain';
import type { EntityActionResult } from './apply-entity-action';
import type { FileActionResult } from './apply-file-action';
import type { SecretActionResult } from './secret-tools';

/** What one of the turn's tools did. */
export interface AppliedAction {
  type: ChatToolType;
  result: FileActionResult | EntityActionResult | SecretActionResult;
}

/** What a turn's tools did, by tool call id. */
export type AppliedActions = Map<string, AppliedAction>;

/**
 * The server's side of one action: runs a call at once, in its own transaction, records it in the turn's
 * AppliedActions, and answers the model `{ok: true, …}` or why nothing changed.
 */
export type ToolExecute<T extends ChatToolType> = (
  input: ChatToolInput<T>,
  toolCallId: string,
) => Promise<unknown>;

/** An execute for every action of the registry (the compiler holds the server to it). */
export type ToolExecutes = { [T in ChatToolType]: ToolExecute<T> };

/**
 * The model's tools (decision 0011, "Chat actions"): named, described and typed by the domain's registry, in its
 * order, each with the server's execute.
 */
export function chatTools(executes: ToolExecutes): ToolSet {
  const tools: ToolSet = {};
  for (const action of chatActionList) {
    const execute = executes[action.type] as ToolExecute<ChatToolType>;
    tools[action.type] = tool({
      description: action.description,
      inputSchema: action.input,
      execute: (input, { toolCallId }) => execute(input as ChatToolInput<ChatToolType>, toolCallId),
    });
  }
  return tools;
}

/** Whether the action changed what a version holds: a file, or an entity's schema (records are not versioned). */
export function changedVersioned(action: AppliedAction): boolean {
  return action.result.ok && chatActions[action.type].versioned;
}
