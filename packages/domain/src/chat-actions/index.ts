import type { z } from 'zod';
import type { ChatAction, ChatActionType, PlannedChatActionType } from '../space-apps';
import { addEntity } from './add-entity';
import { addFile } from './add-file';
import { addTool } from './add-tool';
import type { ActionContent, ActionTarget, CallInput, ChatActionSpec } from './chat-action';
import { deleteFile } from './delete-file';
import { editEntity } from './edit-entity';
import { editApp } from './edit-app';
import { editFile } from './edit-file';
import { editTool } from './edit-tool';
import { importEntities } from './import-entities';
import { insertEntityRecords } from './insert-entity-records';
import { partialEdit } from './partial-edit';
import { requestSecrets } from './request-secrets';
import { removeTool } from './remove-tool';

export type { ActionContent, ActionTarget, CallInput, ChatActionSpec, KeptField } from './chat-action';
export { MAX_IMPORT_RECORDS, MAX_INSERT_RECORDS } from './entity-action';

/** The actions the chat's model may call: the spec's action types, less those not offered yet. */
export type ChatToolType = Exclude<ChatActionType, PlannedChatActionType>;

/**
 * The registry of the chat's actions (decision 0011, "Chat actions"), one module each. Its order is the order of
 * the model's tools and of the system prompt's lists. The compiler holds it to the domain's list of action types.
 */
export const chatActions = {
  add_file: addFile,
  edit_file: editFile,
  partial_edit: partialEdit,
  delete_file: deleteFile,
  add_entity: addEntity,
  edit_entity: editEntity,
  insert_entity_records: insertEntityRecords,
  import_entities: importEntities,
  request_secrets: requestSecrets,
  add_tool: addTool,
  edit_tool: editTool,
  remove_tool: removeTool,
  edit_app: editApp,
} as const satisfies { [T in ChatToolType]: ChatActionSpec<T> };

type Registry = typeof chatActions;

/** The registry as a list, in its order. */
export const chatActionList: readonly ChatActionSpec<ChatToolType>[] = Object.values(chatActions);

/** The input a tool's execute receives, once the SDK has checked it against the schema. */
export type ChatToolInput<T extends ChatToolType> = z.infer<Registry[T]['input']>;

type OfTarget<Target> = {
  [T in ChatToolType]: Registry[T]['target'] extends Target ? T : never;
}[ChatToolType];
/** The actions on the app's files. */
export type FileActionType = OfTarget<'file'>;
/** The actions on the app database. */
export type EntityActionType = OfTarget<'entity'>;
/** The actions that ask the builder for secrets. */
export type SecretActionType = OfTarget<'secret'>;
/** The actions on a generated app's tools and details (docs/decisions/0015). */
export type ToolActionType = OfTarget<'tool'>;
/** A space app's chat offers the file, entity and secret actions; a generated app's the tool actions. */
export type SpaceActionType = FileActionType | EntityActionType | SecretActionType;

/** Which actions an app's chat offers, by the app's kind. */
export function chatTargetsOf(appType: 'space' | 'generated'): readonly ActionTarget[] {
  return appType === 'generated' ? ['tool'] : ['file', 'entity', 'secret'];
}

/** The registry's action of a tool name, or undefined for a name that is no tool (a type not offered yet, a typo). */
export function chatActionOf(type: string): ChatActionSpec<ChatToolType> | undefined {
  return Object.hasOwn(chatActions, type) ? chatActions[type as ChatToolType] : undefined;
}

/** The title, type and content of one call: from its input, and once it ran, from the tool's answer too. */
export function describeCall(
  action: ChatActionSpec<ChatToolType>,
  input: CallInput,
  output?: unknown,
): Pick<ChatAction, 'title' | 'type'> & ActionContent {
  return {
    title: action.title(input),
    type: action.type,
    ...action.fromInput(input),
    ...(output !== undefined && action.fromOutput ? action.fromOutput(input, output) : {}),
  };
}

/**
 * The system prompt's list of the actions on one target, one line each: `- add_file {path, content}: a new file,
 * whole;` (the fields are the input schema's), the last one closed by a full stop.
 */
export function chatToolsPrompt(target: ActionTarget): string {
  return (
    chatActionList
      .filter((action) => action.target === target)
      .map((action) => {
        const fields = Object.keys(action.input.shape).join(', ');
        return `- ${action.type} {${fields}}${action.prompt ? `: ${action.prompt}` : ''}`;
      })
      .join(';\n') + '.'
  );
}
