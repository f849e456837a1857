import { tool, type JSONValue, type ToolSet } from 'ai';
import {
  chatActionList,
  chatActions,
  type ChatToolInput,
  type ChatToolType,
  type SpaceActionType,
  type ToolActionType,
} from '@buildai/domain';
import type { ToolActionResult } from '../apps';
import type { EntityActionResult } from './apply-entity-action';
import type { FileActionResult } from './apply-file-action';
import type { SecretActionResult } from './secret-tools';

/** What one of the turn's tools did. */
export interface AppliedAction {
  type: ChatToolType;
  result: FileActionResult | EntityActionResult | SecretActionResult | ToolActionResult;
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
 * The executes of one app kind's chat: a space app's file and entity actions, or a generated app's tool actions
 * (decision 0015). Each family is whole, so the compiler still holds the server to every action it offers.
 */
export type ChatExecutes = Pick<ToolExecutes, SpaceActionType> | Pick<ToolExecutes, ToolActionType>;

/** A tool's output as the model reads it: without what only the builder's page uses. */
function forModel(output: unknown): JSONValue {
  if (typeof output !== 'object' || output === null || !('preview' in output)) return output as JSONValue;
  const { preview: _preview, ...rest } = output as Record<string, unknown>;
  return rest as JSONValue;
}

/**
 * The model's tools (decision 0011, "Chat actions"): named, described and typed by the domain's registry, in its
 * order, each with the server's execute.
 */
export function chatTools(executes: ChatExecutes): ToolSet {
  const tools: ToolSet = {};
  for (const action of chatActionList) {
    if (!Object.hasOwn(executes, action.type)) continue;
    const execute = (executes as ToolExecutes)[action.type] as ToolExecute<ChatToolType>;
    tools[action.type] = tool({
      description: action.description,
      inputSchema: action.input,
      execute: (input, { toolCallId }) => execute(input as ChatToolInput<ChatToolType>, toolCallId),
      // an output's `preview` is for the builder's page (the changed tool, shown at once): the model reads the rest
      toModelOutput: ({ output }) => ({ type: 'json', value: forModel(output) }),
    });
  }
  return tools;
}

/** Whether the action changed what a version holds: a file, or an entity's schema (records are not versioned). */
export function changedVersioned(action: AppliedAction): boolean {
  return action.result.ok && chatActions[action.type].versioned;
}
