import { parsePartialJson, type UIMessage } from 'ai';
import {
  entityActionTypes,
  fileActionTypes,
  type ChatAction,
  type EntityActionType,
  type FileActionType,
} from '@buildai/domain';
import type { TruncatedAction } from './chat-prompt';
import { entityAction, entityInput } from './entity-actions';
import type { AppliedActions } from './file-tools';

type Part = UIMessage['parts'][number];
type StoredPart = { type: string } & Record<string, unknown>;

const TITLES: Record<FileActionType, string> = {
  add_file: 'Create',
  edit_file: 'Edit',
  partial_edit: 'Edit',
  delete_file: 'Delete',
};

function toolName(part: Part): FileActionType | EntityActionType | null {
  const name =
    part.type === 'dynamic-tool' ? part.toolName : part.type.startsWith('tool-') ? part.type.slice(5) : null;
  return name && ([...fileActionTypes, ...entityActionTypes] as readonly string[]).includes(name)
    ? (name as FileActionType | EntityActionType)
    : null;
}

const isEntityType = (type: string): type is EntityActionType =>
  (entityActionTypes as readonly string[]).includes(type);

/** A call's input: the parsed object, or as much as can be read of JSON cut off mid-way. */
async function inputOf(part: Part): Promise<Record<string, unknown>> {
  const { input, rawInput } = part as { input?: unknown; rawInput?: unknown };
  // a call that could not be parsed keeps its text as `rawInput` (and an empty `input`)
  const raw =
    input && typeof input === 'object' && Object.keys(input).length > 0 ? input : (rawInput ?? input);
  if (raw && typeof raw === 'object') return raw as Record<string, unknown>;
  if (typeof raw !== 'string') return {};
  const { value } = await parsePartialJson(raw);
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

const isToolPart = (part: Part) => part.type === 'dynamic-tool' || part.type.startsWith('tool-');

/** The string fields of a file tool's input, and nothing else the model put there (stored with the answer). */
function fileInput(input: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ['path', 'content', 'search', 'replace']) {
    const value = text(input[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

export interface TurnActions {
  parts: StoredPart[];
  actions: ChatAction[];
  /** the action the output stopped in, for the next continue message */
  truncated: TruncatedAction | null;
  /** the files the turn changed or tried to change */
  touched: string[];
}

/**
 * The spec's actions of an answer, from its UI parts and what the tools did. A call the output stopped in (finish
 * reason `length`) never ran: it is `isTruncated` and keeps what was written of it. Its part is stored under the
 * tool's own name (the SDK names a call it could not parse `dynamic-tool`) so the history reads the same.
 */
export async function turnActions(
  parts: Part[],
  applied: AppliedActions,
  cutOff: boolean,
): Promise<TurnActions> {
  const stored: StoredPart[] = [];
  const actions: ChatAction[] = [];
  let truncated: TruncatedAction | null = null;
  for (const part of parts) {
    const type = toolName(part);
    if (!type || !('toolCallId' in part)) {
      // a call of a tool that does not exist never ran: its input, of any shape the model chose, is not kept
      if (part.type !== 'step-start' && !isToolPart(part)) stored.push(part as StoredPart);
      continue;
    }
    if (isEntityType(type)) {
      const input = entityInput(type, await inputOf(part));
      const done = applied.get(part.toolCallId);
      const cut = !done && cutOff && part.state !== 'output-available';
      const action = entityAction(type, input, done?.kind === 'entity' ? done.result : undefined, {
        cut,
        errorText: part.state === 'output-error' ? part.errorText : undefined,
      });
      if (cut)
        truncated = {
          type,
          file: action.entity ?? '(unknown entity)',
          entity: action.entity,
          partial: action.content ?? '',
        };
      actions.push(action);
      const { type: _t, toolName: _n, rawInput: _r, ...rest } = part as Record<string, unknown>;
      stored.push({ ...rest, type: `tool-${type}`, input });
      continue;
    }
    const input = fileInput(await inputOf(part));
    const file = text(input.path);
    const content = text(input.content) ?? text(input.replace);
    const done = applied.get(part.toolCallId);
    const action: ChatAction = {
      title: `${TITLES[type]} ${file ?? 'file'}`,
      type,
      ...(file !== undefined ? { file } : {}),
      ...(content !== undefined ? { content } : {}),
      isComplete: false,
      isTruncated: false,
    };
    if (done) {
      action.isComplete = true;
      if (!done.result.ok) action.error = done.result.error;
    } else if (cutOff && part.state !== 'output-available') {
      action.isTruncated = true;
      truncated = { type, file: file ?? '(unknown file)', partial: content ?? '' };
    } else if (part.state === 'output-error') {
      action.isComplete = true;
      action.error = part.errorText;
    }
    actions.push(action);
    const { type: _t, toolName: _n, rawInput: _r, ...rest } = part as Record<string, unknown>;
    stored.push({ ...rest, type: `tool-${type}`, input });
  }
  const touched = [...new Set(actions.map((a) => a.file).filter((f): f is string => f !== undefined))];
  return { parts: stored, actions, truncated, touched };
}
