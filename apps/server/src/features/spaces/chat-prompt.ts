import type { ModelMessage } from 'ai';
import {
  appRuntimeGuide,
  chatActionOf,
  chatToolsPrompt,
  MAX_INSERT_RECORDS,
  type ChatAction,
  type EntityEntry,
} from '@buildai/domain';
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
export function boundedHistory(history: MessageRow[]): ModelMessage[] {
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
  /** the file, or for an entity action the entity */
  file: string;
  /** set for an entity action */
  entity?: string;
  /** what had been written of the file (or of the replacement) when the output stopped */
  partial: string;
}

export interface ChatPromptOptions {
  allPaths: string[];
  contextFiles: ContextCandidate[];
  history: MessageRow[];
  /** the app database's entities as they are now */
  entities: EntityEntry[];
  request: string;
  /** the images the builder put in this message (a screenshot, a design), for a model that reads them */
  images?: { bytes: Uint8Array; mediaType: string }[];
  /** set on a continue message: the action the previous answer left cut */
  truncated: TruncatedAction | null;
}

/**
 * How the model creates and changes the app database (decision 0008, "Entity actions in the chat"). The generated
 * code reads and writes it through the SDK, as the runtime guide says.
 */
const ENTITY_RULES = `The app has a database of entities (tables). Change them only through the tools:
${chatToolsPrompt('entity')}
A schema: {"type": "object", "properties": {"title": {"type": "string"}, "done": {"type": "boolean"}, "due": {"type": "string", "format": "date-time"}, "priority": {"type": "string", "enum": ["low", "high"]}, "tags": {"type": "array", "items": {"type": "string"}}}, "required": ["title"], "x-accessControl": {"permissions": {"read": "creator", "write": "creator"}}}.
Every record also has id, createdAt and creatorId, set by the database: never declare them. A property whose name contains "image" holds an image URL.
x-accessControl.permissions has read and write, each one of:
- anonymous: everyone, signed in or not (write: anyone may create; a record is changed only by its creator and admins);
- all: signed-in users (write: any signed-in user creates and changes);
- admin: the app's admins only;
- creator: each signed-in user their own records (admins all); the default for both when left out;
- none: only the app's builder (from the database screen), never the app's users.
Choose them for what the data is: a contact form is {"read": "admin", "write": "anonymous"}, a public catalogue {"read": "anonymous", "write": "admin"}, personal notes {"read": "creator", "write": "creator"}.
When the builder asks to change an entity's permissions, call edit_entity with its whole schema and the new x-accessControl.
The app's code reads and writes the data through @buildai/app-sdk: entities.{Name} (entities.Task.list(), create, update, delete). Create an entity before the code that uses it.`;

/** How the model asks for secrets (decision 0014): a value never passes through the chat. */
const SECRET_RULES = `When the app needs an API key or a token of another service, ask the builder for it with the tool:
${chatToolsPrompt('secret')}
Never ask for a key in your text, never write one in a file, and never put one in the app's pages: the browser must not see it. The code that uses a key is a server function (functions/{name}.ts, read as ctx.secrets.NAME) that a page calls with functions.invoke(name, input).`;

const RULES = `You are the assistant of a no-code builder. You write and change a web app made of files, and the builder sees it running in a live preview beside this chat.
The app's runtime:
${appRuntimeGuide}
Change files only through the tools:
${chatToolsPrompt('file')}
Paths are relative ("src/pages/About.tsx"), never absolute and never with "..". Prefer partial_edit for small changes of large files. Write each file complete: no placeholders, no "rest of the code" comments.
After each file change the tool answers whether the app builds. When it answers buildErrors, the app is broken: fix every error (the file and line are given) with more file changes before you answer, and add any file you import before you finish.
Keep the code simple and the files small (a component a file); do only what the builder asked.
${ENTITY_RULES}
${SECRET_RULES}
After the changes, answer in a few sentences: what you changed and why. Do not paste whole files in the text.`;

export function fence(path: string, content: string): string {
  return `--- ${path} ---\n${content}\n--- end of ${path} ---`;
}

/** The most of a cut action's text shown back: enough to go on from, and a bounded cost whatever the output limit. */
const PARTIAL_CHARS = 60_000;

/** The continue block of an entity action cut off: nothing of it was applied; it is to be called again, whole. */
function entityContinueBlock(cut: TruncatedAction): string {
  const entity = cut.entity ?? 'an entity';
  const records = cut.type === 'insert_entity_records' || cut.type === 'import_entities';
  return [
    `Your previous answer stopped because it was too long, in the middle of ${cut.type} for ${entity}.`,
    records
      ? `That call was NOT applied: no record of it was inserted. Call ${cut.type} again for ${entity} with all those records, in smaller calls (at most ${MAX_INSERT_RECORDS} records each), then finish whatever else the request asked.`
      : `That call was NOT applied: ${entity} is as it was before. Call ${cut.type} again with the whole schema of ${entity}, then finish whatever else the request asked.`,
  ].join('\n');
}

function continueBlock(cut: TruncatedAction): string {
  if (cut.entity !== undefined || chatActionOf(cut.type)?.target === 'entity')
    return entityContinueBlock(cut);
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
    .map((a) => {
      const what =
        a.entity !== undefined
          ? `${a.entity}${a.records ? ` (${a.records.inserted} of ${a.records.sent} records inserted)` : ''}`
          : (a.file ?? '');
      return `${a.type} ${what}${a.isTruncated ? ' (cut off, not applied)' : a.error ? ` (failed: ${a.error})` : ''}`;
    })
    .join('; ');
  return [row.content, actions ? `[actions: ${actions}]` : ''].filter(Boolean).join('\n') || '(no answer)';
}

/** The most characters of entity schemas shown in full; past it the other entities are named only. */
const ENTITY_SCHEMAS_CHARS = 40_000;

/** The entities as they are now, each with its schema (compact JSON), within ENTITY_SCHEMAS_CHARS. */
function entitiesBlock(entities: EntityEntry[]): string {
  if (entities.length === 0) return 'The app database has no entities yet.';
  const lines: string[] = [];
  const named: string[] = [];
  let chars = 0;
  for (const e of entities) {
    const line = `- ${e.name}: ${JSON.stringify(e.schema)}`;
    if (chars + line.length > ENTITY_SCHEMAS_CHARS) named.push(e.name);
    else {
      chars += line.length;
      lines.push(line);
    }
  }
  if (named.length) lines.push(`- also (schemas left out for length): ${named.join(', ')}`);
  return `The app database's entities (${entities.length}), with their schemas:\n${lines.join('\n')}`;
}

/** The system prompt and the messages of one turn. */
export function chatPrompt(options: ChatPromptOptions): { system: string; messages: ModelMessage[] } {
  const { allPaths, contextFiles, history, request, truncated } = options;
  const system = [
    RULES,
    `All the app's files (${allPaths.length}):\n${allPaths.join('\n') || '(none yet)'}`,
    entitiesBlock(options.entities),
    contextFiles.length
      ? `The files that matter for this request, as they are now:\n${contextFiles.map((f) => fence(f.path, f.content)).join('\n\n')}`
      : '',
    truncated ? continueBlock(truncated) : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const messages = boundedHistory(history);
  const images = options.images ?? [];
  if (images.length === 0) messages.push({ role: 'user', content: request });
  else {
    messages.push({
      role: 'user',
      content: [
        { type: 'text', text: request || 'Build what this image shows.' },
        ...images.map((image) => ({
          type: 'image' as const,
          image: image.bytes,
          mediaType: image.mediaType,
        })),
      ],
    });
  }
  return { system, messages };
}
