import { parsePartialJson, type UIMessage } from 'ai';
import {
  chatActionOf,
  describeCall,
  type CallInput,
  type ChatAction,
  type ChatActionSpec,
  type ChatToolType,
} from '@buildai/domain';
import type { TruncatedAction } from './chat-prompt';
import type { AppliedActions } from './chat-tools';
import { cleanModelJson } from './stored-text';

type Part = UIMessage['parts'][number];
type StoredPart = { type: string } & Record<string, unknown>;

/** The registry's action a part calls, or null for a part that is no call of one of the tools. */
function actionOf(part: Part): ChatActionSpec<ChatToolType> | null {
  const name =
    part.type === 'dynamic-tool' ? part.toolName : part.type.startsWith('tool-') ? part.type.slice(5) : null;
  return name ? (chatActionOf(name) ?? null) : null;
}

/** A call's input: the parsed object, or as much as can be read of JSON cut off mid-way. */
async function inputOf(part: Part): Promise<CallInput> {
  const { input, rawInput } = part as { input?: unknown; rawInput?: unknown };
  // a call that could not be parsed keeps its text as `rawInput` (and an empty `input`)
  const raw =
    input && typeof input === 'object' && Object.keys(input).length > 0 ? input : (rawInput ?? input);
  if (raw && typeof raw === 'object') return raw as CallInput;
  if (typeof raw !== 'string') return {};
  const { value } = await parsePartialJson(raw);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as CallInput) : {};
}

const isToolPart = (part: Part) => part.type === 'dynamic-tool' || part.type.startsWith('tool-');

/**
 * The fields of a call the action keeps (stored with the answer), and nothing else the model put there: a text
 * field only when it is a string, a JSON one cleaned as a request body is (dropped when nested too deeply to keep).
 */
function keptInput(action: ChatActionSpec, raw: CallInput): CallInput {
  const out: CallInput = {};
  for (const [key, kind] of Object.entries(action.kept)) {
    const value = raw[key];
    if (kind === 'text') {
      if (typeof value === 'string') out[key] = value;
    } else if (value !== undefined) {
      const clean = cleanModelJson(value);
      if (clean !== null) out[key] = clean;
    }
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
 * The spec's actions of an answer, from its UI parts and what the tools did; each action's title and content are
 * the registry's (decision 0011, "Chat actions"). A call the output stopped in (finish reason `length`) never ran:
 * it is `isTruncated` and keeps what was written of it. Its part is stored under the tool's own name (the SDK names
 * a call it could not parse `dynamic-tool`) so the history reads the same.
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
    const spec = actionOf(part);
    if (!spec || !('toolCallId' in part)) {
      // a call of a tool that does not exist never ran: its input, of any shape the model chose, is not kept
      if (part.type !== 'step-start' && !isToolPart(part)) stored.push(part as StoredPart);
      continue;
    }
    const input = keptInput(spec, await inputOf(part));
    const done = applied.get(part.toolCallId);
    const action: ChatAction = {
      ...describeCall(spec, input, done?.result),
      isComplete: false,
      isTruncated: false,
    };
    if (done) {
      action.isComplete = true;
      if (!done.result.ok) action.error = done.result.error;
    } else if (cutOff && part.state !== 'output-available') {
      action.isTruncated = true;
      truncated = {
        type: spec.type,
        file: action.file ?? action.entity ?? `(unknown ${spec.target})`,
        ...(spec.target === 'entity' ? { entity: action.entity } : {}),
        partial: action.content ?? '',
      };
    } else if (part.state === 'output-error') {
      action.isComplete = true;
      action.error = part.errorText;
    }
    actions.push(action);
    const { type: _t, toolName: _n, rawInput: _r, ...rest } = part as Record<string, unknown>;
    stored.push({ ...rest, type: `tool-${spec.type}`, input });
  }
  const touched = [...new Set(actions.map((a) => a.file).filter((f): f is string => f !== undefined))];
  return { parts: stored, actions, truncated, touched };
}
