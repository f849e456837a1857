import { chatActionSchema, fileActionTypes, type ChatAction, type FileActionType } from '@buildai/domain';
import type { SpaceUIMessage } from './types';

/** One action as the message shows it: running (spinner), complete (check), truncated, or failed. */
export interface ShownAction {
  key: string;
  title: string;
  type: ChatAction['type'];
  file?: string;
  state: 'running' | 'complete' | 'truncated' | 'failed';
  error?: string;
}

const verbs: Record<FileActionType, string> = {
  add_file: 'Create',
  edit_file: 'Rewrite',
  partial_edit: 'Edit',
  delete_file: 'Delete',
};

const isFileAction = (t: string): t is FileActionType => (fileActionTypes as readonly string[]).includes(t);

function fromStored(a: ChatAction, i: number): ShownAction {
  return {
    key: `stored-${i}`,
    title: a.title,
    type: a.type,
    file: a.file,
    state: a.isTruncated ? 'truncated' : a.error ? 'failed' : a.isComplete ? 'complete' : 'running',
    error: a.error,
  };
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
    if (!isFileAction(type)) return [];
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
    return [
      {
        key: p.toolCallId ?? `tool-${i}`,
        title: storedTwin?.title ?? `${verbs[type]} ${path ?? 'file'}`,
        type,
        file: path,
        state,
        error,
      },
    ];
  });
}

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
