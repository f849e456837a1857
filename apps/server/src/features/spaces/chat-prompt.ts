import type { ModelMessage } from 'ai';
import { appRuntimeGuide, type ChatAction } from '@buildai/domain';
import type { ContextCandidate } from './retrieve-context';
import type { MessageRow } from './views';

/**
 * How much of the chat the model reads back (older turns are in the files themselves): the last 20 messages, each
 * cut to 4,000 characters, and of those the newest that fit in 40,000 characters (about 10,000 tokens), so a long or
 * wordy chat costs each turn the same (decision 0007, "Hardening of the chat").
 */
const HISTORY_MESSAGES = 20;
const HISTORY_MESSAGE_CHARS = 4_000;
const HISTORY_CHARS = 40_000;

function cut(text: string): string {
  return text.length <= HISTORY_MESSAGE_CHARS
    ? text
    : `${text.slice(0, HISTORY_MESSAGE_CHARS)}\n[… ${text.length - HISTORY_MESSAGE_CHARS} more characters not shown]`;
}

/** The newest history messages that fit the budget, oldest first. */
function boundedHistory(history: MessageRow[]): ModelMessage[] {
  const out: ModelMessage[] = [];
  let chars = 0;
  for (const row of history
    .filter((r) => r.status !== 'streaming')
    .slice(-HISTORY_MESSAGES)
    .reverse()) {
    const content = cut(historyText(row));
    if (chars + content.length > HISTORY_CHARS) break;
    chars += content.length;
    out.unshift(row.role === 'user' ? { role: 'user', content } : { role: 'assistant', content });
  }
  return out;
}

/** The part of a cut action the model is shown when it is asked to finish it. */
export interface TruncatedAction {
  type: ChatAction['type'];
  file: string;
  /** what had been written of the file (or of the replacement) when the output stopped */
  partial: string;
}

export interface ChatPromptOptions {
  allPaths: string[];
  contextFiles: ContextCandidate[];
  history: MessageRow[];
  request: string;
  /** set on a continue message: the action the previous answer left cut */
  truncated: TruncatedAction | null;
}

const RULES = `You are the assistant of a no-code builder. You write and change a small React app made of files.
The app's runtime:
${appRuntimeGuide}
Change files only through the tools:
- add_file {path, content}: a new file, whole;
- edit_file {path, content}: the whole new content of an existing file;
- partial_edit {path, search, replace}: replaces the one place where \`search\` occurs (it must occur exactly once; copy it from the file as is);
- delete_file {path}.
Paths are relative ("pages/About.tsx"), never absolute and never with "..". Prefer partial_edit for small changes of large files.
After the changes, answer in a few sentences: what you changed and why. Do not paste whole files in the text.`;

function fence(path: string, content: string): string {
  return `--- ${path} ---\n${content}\n--- end of ${path} ---`;
}

/** The most of a cut action's text shown back: enough to go on from, and a bounded cost whatever the output limit. */
const PARTIAL_CHARS = 60_000;

function continueBlock(cut: TruncatedAction): string {
  const what = cut.type === 'partial_edit' ? 'a partial_edit of' : `${cut.type} for`;
  const shown = cut.partial.slice(0, PARTIAL_CHARS);
  const size =
    shown.length < cut.partial.length
      ? `${cut.partial.length} characters, the first ${PARTIAL_CHARS} shown`
      : `${cut.partial.length} characters`;
  return [
    `Your previous answer stopped because it was too long, in the middle of ${what} ${cut.file}.`,
    `That change was NOT applied: ${cut.file} is as it was before. This is what you had written when the output stopped (${size}):`,
    fence(cut.file, shown),
    `Write the whole file ${cut.file} now with one edit_file call (add_file if it does not exist yet), complete from the first line to the last, then finish whatever else the request asked.`,
  ].join('\n');
}

/** What an earlier message says to the model: its text, and for an answer the actions it took. */
function historyText(row: MessageRow): string {
  if (row.role === 'user') return row.content;
  const actions = row.actions
    .map(
      (a) =>
        `${a.type} ${a.file ?? ''}${a.isTruncated ? ' (cut off, not applied)' : a.error ? ` (failed: ${a.error})` : ''}`,
    )
    .join('; ');
  return [row.content, actions ? `[actions: ${actions}]` : ''].filter(Boolean).join('\n') || '(no answer)';
}

/** The system prompt and the messages of one turn. */
export function chatPrompt(options: ChatPromptOptions): { system: string; messages: ModelMessage[] } {
  const { allPaths, contextFiles, history, request, truncated } = options;
  const system = [
    RULES,
    `All the app's files (${allPaths.length}):\n${allPaths.join('\n') || '(none yet)'}`,
    contextFiles.length
      ? `The files that matter for this request, as they are now:\n${contextFiles.map((f) => fence(f.path, f.content)).join('\n\n')}`
      : '',
    truncated ? continueBlock(truncated) : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const messages = boundedHistory(history);
  messages.push({ role: 'user', content: request });
  return { system, messages };
}
