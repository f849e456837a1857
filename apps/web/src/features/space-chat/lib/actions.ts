import {
  chatActionOf,
  chatActionSchema,
  describeCall,
  parseSecretRequirements,
  type SecretRequirement,
  type CallInput,
  type ChatAction,
  type ChatActionSpec,
  type ChatToolType,
} from '@buildai/domain';
import type { SpaceUIMessage } from './types';

/** One action as the message shows it: running (spinner), complete (check), truncated, or failed. */
export interface ShownAction {
  key: string;
  title: string;
  type: ChatAction['type'];
  file?: string;
  state: 'running' | 'complete' | 'truncated' | 'failed';
  error?: string;
  /** an entity action's entity */
  entity?: string;
  /** add_entity and edit_entity: the permissions the entity has (or asks for, while running) */
  permissions?: ChatAction['permissions'];
  /** insert_entity_records and import_entities: what went in and what was refused */
  records?: ChatAction['records'];
  /** request_secrets: the secrets asked for (an empty list when its content does not parse: no button) */
  secrets?: SecretRequirement[];
}

const secretsOf = (type: string, content: string | undefined) =>
  type === 'request_secrets' ? { secrets: parseSecretRequirements(content) } : {};

function fromStored(a: ChatAction, i: number): ShownAction {
  return {
    key: `stored-${i}`,
    title: a.title,
    type: a.type,
    file: a.file,
    state: a.isTruncated ? 'truncated' : a.error ? 'failed' : a.isComplete ? 'complete' : 'running',
    error: a.error,
    ...(a.entity !== undefined ? { entity: a.entity } : {}),
    ...(a.permissions ? { permissions: a.permissions } : {}),
    ...(a.records ? { records: a.records } : {}),
    ...secretsOf(a.type, a.content),
  };
}

interface ToolPartLike {
  type: string;
  toolCallId?: string;
  state?: string;
  input?: unknown;
  output?: { ok?: boolean; error?: string };
  errorText?: string;
}

/** What a live tool part shows, as the registry titles and reads it (the stored action's own fields). */
function liveCall(
  p: ToolPartLike,
  action: ChatActionSpec<ChatToolType>,
): Pick<ShownAction, 'title' | 'file' | 'entity' | 'permissions' | 'records' | 'secrets'> {
  const input = p.input && typeof p.input === 'object' ? (p.input as CallInput) : {};
  const { title, file, entity, permissions, records, content } = describeCall(action, input, p.output);
  return {
    title,
    ...(file !== undefined ? { file } : {}),
    ...(entity !== undefined ? { entity } : {}),
    ...(permissions ? { permissions } : {}),
    ...(records ? { records } : {}),
    ...secretsOf(action.type, content),
  };
}

/**
 * The actions of an assistant message. A `data-action` part (the server's word on an action, truncation included)
 * wins; otherwise the tool parts show the actions live; a message from the history without parts of either kind
 * shows its stored `actions`. A tool call left without output once the turn stopped for length is truncated.
 */
export function actionsOf(message: SpaceUIMessage, streaming: boolean): ShownAction[] {
  const dataActions = message.parts.filter((p) => p.type === 'data-action');
  if (dataActions.length) {
    return dataActions.flatMap((p, i) => {
      const parsed = chatActionSchema.safeParse((p as { data?: unknown }).data);
      if (!parsed.success) return [];
      return [{ ...fromStored(parsed.data, i), key: (p as { id?: string }).id ?? `data-${i}` }];
    });
  }
  const stopped = !streaming;
  const cutForLength = message.metadata?.usage?.finishReason === 'length';
  const toolParts = message.parts.filter((p) => p.type.startsWith('tool-')) as ToolPartLike[];
  if (!toolParts.length) return (message.metadata?.actions ?? []).map(fromStored);
  const stored = message.metadata?.actions ?? [];
  return toolParts.flatMap((p, i) => {
    const action = chatActionOf(p.type.slice('tool-'.length));
    if (!action) return [];
    const storedTwin = stored[i];
    // once the turn is recorded, the server's action is the word on it (a cut call reads truncated there)
    if (storedTwin && stopped) return [{ ...fromStored(storedTwin, i), key: p.toolCallId ?? `tool-${i}` }];
    let state: ShownAction['state'] = 'running';
    let error: string | undefined;
    if (p.state === 'output-available') {
      state = p.output?.ok === false ? 'failed' : 'complete';
      error = p.output?.ok === false ? p.output.error : undefined;
    } else if (stopped && cutForLength) {
      state = 'truncated';
    } else if (p.state === 'output-error') {
      state = 'failed';
      error = p.errorText;
    } else if (stopped) {
      state = 'failed';
    }
    const key = p.toolCallId ?? `tool-${i}`;
    const shown = liveCall(p, action);
    return [{ key, ...shown, title: storedTwin?.title ?? shown.title, type: action.type, state, error }];
  });
}

/** The All Changes diff's pseudo-path of an entity's schema. */
export const entityDiffPath = (entity: string) => `entities/${entity}.json`;

/** What a message's actions named, for the diff of a first version: files, and entity schemas as their pseudo-paths. */
export const touchedPaths = (actions: ShownAction[]) =>
  actions.flatMap((a) => {
    if (a.file) return [a.file];
    const action = chatActionOf(a.type);
    // an entity's records are not in a version: only a schema action changes what the diff shows
    return a.entity && action?.target === 'entity' && action.versioned ? [entityDiffPath(a.entity)] : [];
  });

/** Whether the message changed a file (a completed file action). */
export const changedFiles = (actions: ShownAction[]) =>
  actions.some((a) => a.state === 'complete' && chatActionOf(a.type)?.target === 'file');

/** The text of a message's text parts; each step of a turn writes its own part, so they are paragraphs of their own. */
export function textOf(message: SpaceUIMessage): string {
  return message.parts
    .filter((p) => p.type === 'text')
    .map((p) => (p as { text: string }).text)
    .join('\n\n');
}
