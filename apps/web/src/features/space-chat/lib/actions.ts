import {
  chatActionSchema,
  entityActionTitle,
  entityActionTypes,
  entityPermissions,
  fileActionTypes,
  permissionPairSchema,
  type ChatAction,
  type EntityActionType,
  type FileActionType,
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
}

const verbs: Record<FileActionType, string> = {
  add_file: 'Create',
  edit_file: 'Rewrite',
  partial_edit: 'Edit',
  delete_file: 'Delete',
};

const isFileAction = (t: string): t is FileActionType => (fileActionTypes as readonly string[]).includes(t);
export const isEntityAction = (t: string): t is EntityActionType =>
  (entityActionTypes as readonly string[]).includes(t);

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
  };
}

/** What a live entity tool part shows: its title, entity, the permissions its schema asks for, the records count. */
function entityPartInfo(
  type: EntityActionType,
  p: ToolPartLike,
): Pick<ShownAction, 'title' | 'entity' | 'permissions' | 'records'> {
  const input = (p.input ?? {}) as { name?: unknown; entity?: unknown; schema?: unknown; records?: unknown };
  const named = type === 'add_entity' || type === 'edit_entity' ? input.name : input.entity;
  const entity = typeof named === 'string' ? named : undefined;
  const sent = Array.isArray(input.records) ? input.records.length : 0;
  const out: Pick<ShownAction, 'title' | 'entity' | 'permissions' | 'records'> = {
    title: entityActionTitle(type, entity, sent),
    ...(entity !== undefined ? { entity } : {}),
  };
  const output = p.output as
    | {
        ok?: boolean;
        permissions?: unknown;
        inserted?: number;
        failed?: { index: number; message: string }[];
      }
    | undefined;
  if (type === 'add_entity' || type === 'edit_entity') {
    const kept = permissionPairSchema.safeParse(output?.permissions);
    const asked =
      input.schema && typeof input.schema === 'object'
        ? permissionPairSchema.safeParse(
            entityPermissions(input.schema as Parameters<typeof entityPermissions>[0]),
          )
        : null;
    const pair = kept.success ? kept.data : asked?.success ? asked.data : undefined;
    if (pair) out.permissions = pair;
  } else if (output && (typeof output.inserted === 'number' || Array.isArray(output.failed))) {
    out.records = { sent, inserted: output.inserted ?? 0, failed: output.failed ?? [] };
  }
  return out;
}

interface ToolPartLike {
  type: string;
  toolCallId?: string;
  state?: string;
  input?: { path?: unknown };
  output?: { ok?: boolean; error?: string };
  errorText?: string;
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
    const type = p.type.slice('tool-'.length);
    if (!isFileAction(type) && !isEntityAction(type)) return [];
    const path = typeof p.input?.path === 'string' ? p.input.path : undefined;
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
    if (isEntityAction(type)) {
      const info = entityPartInfo(type, p);
      return [{ key, ...info, title: storedTwin?.title ?? info.title, type, state, error }];
    }
    return [
      { key, title: storedTwin?.title ?? `${verbs[type]} ${path ?? 'file'}`, type, file: path, state, error },
    ];
  });
}

/** The All Changes diff's pseudo-path of an entity's schema. */
export const entityDiffPath = (entity: string) => `entities/${entity}.json`;

/** What a message's actions named, for the diff of a first version: files, and entity schemas as their pseudo-paths. */
export const touchedPaths = (actions: ShownAction[]) =>
  actions.flatMap((a) =>
    a.file
      ? [a.file]
      : a.entity && (a.type === 'add_entity' || a.type === 'edit_entity')
        ? [entityDiffPath(a.entity)]
        : [],
  );

/** Whether the message changed a file (a completed file action). */
export const changedFiles = (actions: ShownAction[]) =>
  actions.some((a) => a.state === 'complete' && isFileAction(a.type));

/** The text of a message's text parts; each step of a turn writes its own part, so they are paragraphs of their own. */
export function textOf(message: SpaceUIMessage): string {
  return message.parts
    .filter((p) => p.type === 'text')
    .map((p) => (p as { text: string }).text)
    .join('\n\n');
}
