import { aiAppSchema, type AiApp, type CustomField, type ToolStatus } from './apps';
import { TOOL_TITLE_MAX_LENGTH } from './builder-limits';
import { MAX_INPUT_EXAMPLES } from './constants';
import { AppError } from './errors';
import { fieldTypes, type FieldType, type FieldTypeRights } from './field-rules';
import { checkToolDefinition, checkToolPath } from './tool-definition-rules';
import { toolPathTaken } from './tool-rules';

// A generated app's tools as documents (docs/decisions/0015): one readable JSON document per tool, written by the
// App Chat's actions, shown and saved by the Code editor as `tools/{path}.json`, kept in versions as those files
// and compared line by line in 'All Changes'. The prompt is a list of lines so that a changed line reads as one.

/** Where a tool's document sits among the app's files. */
export const TOOL_FILE_DIR = 'tools/';
/** The app's own document: its details (header, subheader) and branding. */
export const APP_FILE_PATH = 'app.json';

export const toolFilePath = (path: string): string => `${TOOL_FILE_DIR}${path}.json`;

/** The tool path a `tools/{path}.json` file names, or null for another file. */
export function toolPathOfFile(file: string): string | null {
  const m = /^tools\/([^/]+)\.json$/.exec(file);
  return m ? m[1]! : null;
}

/** A custom field as a document holds it: the options as their labels, the step by id. */
export interface FieldDocument {
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  personal: boolean;
  memorize: boolean;
  options?: (string | { label: string; iconUrl?: string })[];
  step?: string;
  placeholder?: string;
  instructions?: string;
}

/** One tool of a generated app, as a document. */
export interface ToolDocument {
  /** the tool's id; set by the server, ignored when a document is saved */
  id?: string;
  title: string;
  path: string;
  status: ToolStatus;
  header: string;
  description: string;
  inputLabel: string;
  inputPlaceholder: string;
  isInputHidden: boolean;
  isInputCollapsed: boolean;
  welcomeMessage: string;
  examples: string[];
  fields: FieldDocument[];
  isMultiStepInput: boolean;
  steps: { id: string; title: string }[];
  /** the prompt, one line an entry; `{{fieldName}}` inserts a field, `{{input}}` the main input */
  prompt: string[];
  /** the results layout: the blocks the result is laid out in (empty: from the prompt's `## headings`) */
  resultBlocks: { title: string; prompt: string }[];
  ctaMessage: string;
  ctaButton: string;
  ctaLink: string;
}

/** The app's own document: the details panel's header and subheader, and the branding panel's style. */
export interface AppDocument {
  header: string;
  subheader: string;
  branding: Record<string, unknown>;
}

export interface StoredTool {
  toolId: string;
  title: string;
  path: string;
  status: ToolStatus;
  definition: AiApp;
}

function fieldDocument(field: CustomField): FieldDocument {
  const options = field.options ?? field.optionsConfig?.options;
  return {
    name: field.name,
    label: field.label,
    type: field.type,
    required: field.required,
    personal: field.personal,
    memorize: field.memorize,
    ...(options ? { options: options.map((o) => (o.iconUrl ? o : o.label)) } : {}),
    ...(field.stepId ? { step: field.stepId } : {}),
    ...(field.placeholder ? { placeholder: field.placeholder } : {}),
    ...(field.instructions ? { instructions: field.instructions } : {}),
  };
}

const promptLines = (prompt: string): string[] => (prompt === '' ? [] : prompt.split('\n'));

/** A stored tool as its document. */
export function toolDocument(tool: StoredTool): ToolDocument {
  const d = tool.definition;
  const blocks = d.blocks
    .map((b) => b as { title?: unknown; prompt?: unknown })
    .filter((b) => typeof b.title === 'string')
    .map((b) => ({ title: b.title as string, prompt: typeof b.prompt === 'string' ? b.prompt : '' }));
  return {
    id: tool.toolId,
    title: tool.title,
    path: tool.path,
    status: tool.status,
    header: d.header,
    description: d.description,
    inputLabel: d.inputLabel,
    inputPlaceholder: d.inputPlaceholder,
    isInputHidden: d.isInputHidden,
    isInputCollapsed: d.isInputCollapsed,
    welcomeMessage: d.welcomeMessage,
    examples: d.examples,
    fields: d.fields.map(fieldDocument),
    isMultiStepInput: d.isMultiStepInput,
    steps: d.inputSteps,
    prompt: promptLines(d.gptPrompt),
    resultBlocks: blocks,
    ctaMessage: d.ctaMessage,
    ctaButton: d.ctaButton,
    ctaLink: d.ctaLink,
  };
}

export const documentText = (doc: unknown): string => `${JSON.stringify(doc, null, 2)}\n`;

// ---- reading what a builder or the model wrote ----------------------------------------------------------------

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

const invalid = (field: string, message: string) => new AppError('request/invalid', { field, message });

function text(value: unknown, field: string): string {
  if (typeof value !== 'string') throw invalid(field, `${field} must be a text`);
  return value;
}
function flag(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw invalid(field, `${field} must be true or false`);
  return value;
}
function texts(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw invalid(field, `${field} must be a list of texts`);
  return value as string[];
}

/** A prompt sent as one text or as lines. */
function promptOf(value: unknown): string[] {
  if (typeof value === 'string') return promptLines(value.replace(/\r\n?/g, '\n'));
  return texts(value, 'prompt');
}

const TOP_TEXTS = [
  'title',
  'header',
  'description',
  'inputLabel',
  'inputPlaceholder',
  'welcomeMessage',
  'ctaMessage',
  'ctaButton',
  'ctaLink',
] as const;
const TOP_FLAGS = ['isInputHidden', 'isInputCollapsed', 'isMultiStepInput'] as const;

/** The keys a tool's change may hold (the document's, but its id). */
export const TOOL_DOCUMENT_KEYS = [
  'title',
  'path',
  'status',
  ...TOP_TEXTS.slice(1),
  ...TOP_FLAGS,
  'examples',
  'fields',
  'steps',
  'prompt',
  'resultBlocks',
] as const;

function fieldOf(raw: unknown, at: string, base?: FieldDocument): FieldDocument {
  if (!isObject(raw)) throw invalid(at, `${at} must be an object`);
  const name = raw.rename ?? raw.name ?? base?.name;
  const out: FieldDocument = base
    ? { ...base }
    : {
        name: '',
        label: '',
        type: 'text',
        required: false,
        personal: false,
        memorize: false,
      };
  out.name = text(name, `${at}.name`);
  if (raw.label !== undefined) out.label = text(raw.label, `${at}.label`);
  else if (!base) out.label = out.name;
  if (raw.type !== undefined) {
    if (!(fieldTypes as readonly unknown[]).includes(raw.type))
      throw invalid(`${at}.type`, `${at}.type must be one of ${fieldTypes.join(', ')}`);
    out.type = raw.type as FieldType;
  }
  for (const key of ['required', 'personal', 'memorize'] as const)
    if (raw[key] !== undefined) out[key] = flag(raw[key], `${at}.${key}`);
  if (raw.options !== undefined) {
    if (!Array.isArray(raw.options)) throw invalid(`${at}.options`, `${at}.options must be a list`);
    out.options = raw.options.map((o, i) => {
      if (typeof o === 'string') return o;
      if (isObject(o) && typeof o.label === 'string')
        return typeof o.iconUrl === 'string' ? { label: o.label, iconUrl: o.iconUrl } : o.label;
      throw invalid(`${at}.options.${i}`, `${at}.options.${i} must be a text`);
    });
  }
  for (const key of ['step', 'placeholder', 'instructions'] as const)
    if (raw[key] !== undefined) out[key] = text(raw[key], `${at}.${key}`);
  return out;
}

/**
 * A tool document with `changes` applied: only the keys given change. `fields` is a list of field changes, each
 * naming a field by `name`: an existing field takes the keys given (`rename` renames it), `remove: true` removes
 * it, a new name adds a field at the end. With `replace` the changes are the whole document.
 */
export function applyToolChanges(current: ToolDocument, changes: Loose): ToolDocument {
  const out: ToolDocument = { ...current };
  for (const key of TOP_TEXTS) if (changes[key] !== undefined) out[key] = text(changes[key], key);
  for (const key of TOP_FLAGS) if (changes[key] !== undefined) out[key] = flag(changes[key], key);
  if (changes.path !== undefined) out.path = text(changes.path, 'path');
  if (changes.status !== undefined) {
    if (changes.status !== 'draft' && changes.status !== 'active')
      throw invalid('status', 'status must be "draft" or "active"');
    out.status = changes.status;
  }
  if (changes.examples !== undefined) out.examples = texts(changes.examples, 'examples');
  if (changes.prompt !== undefined) out.prompt = promptOf(changes.prompt);
  if (changes.steps !== undefined) {
    if (!Array.isArray(changes.steps)) throw invalid('steps', 'steps must be a list');
    out.steps = changes.steps.map((s, i) => {
      if (!isObject(s)) throw invalid(`steps.${i}`, `steps.${i} must be {id, title}`);
      return { id: text(s.id, `steps.${i}.id`), title: text(s.title, `steps.${i}.title`) };
    });
  }
  if (changes.resultBlocks !== undefined) {
    if (!Array.isArray(changes.resultBlocks)) throw invalid('resultBlocks', 'resultBlocks must be a list');
    out.resultBlocks = changes.resultBlocks.map((b, i) => {
      if (!isObject(b)) throw invalid(`resultBlocks.${i}`, `resultBlocks.${i} must be {title, prompt}`);
      return {
        title: text(b.title, `resultBlocks.${i}.title`),
        prompt: b.prompt === undefined ? '' : text(b.prompt, `resultBlocks.${i}.prompt`),
      };
    });
  }
  if (changes.fields !== undefined) {
    if (!Array.isArray(changes.fields)) throw invalid('fields', 'fields must be a list of field changes');
    let fields = [...current.fields];
    changes.fields.forEach((raw, i) => {
      const at = `fields.${i}`;
      if (!isObject(raw)) throw invalid(at, `${at} must be an object`);
      const name = text(raw.name, `${at}.name`);
      const index = fields.findIndex((f) => f.name.toLowerCase() === name.toLowerCase());
      if (raw.remove === true) {
        if (index < 0) throw invalid(`${at}.name`, `The tool has no field named "${name}" to remove`);
        fields = fields.filter((_, j) => j !== index);
      } else if (index >= 0) fields[index] = fieldOf(raw, at, fields[index]);
      else fields.push(fieldOf(raw, at));
    });
    out.fields = fields;
  }
  return out;
}

/** A new tool's document from what the model or the builder sent: the defaults, then the keys given. */
export function newToolDocument(sent: Loose): ToolDocument {
  const title = text(sent.title ?? '', 'title').trim();
  const empty = toolDocument({
    toolId: '',
    title,
    path: '',
    status: 'draft',
    definition: aiAppSchema.parse({ header: title }),
  });
  delete empty.id;
  return applyToolChanges(empty, sent);
}

/** What a tool's row holds, from its document. */
export interface ToolOfDocument {
  title: string;
  path: string;
  status: ToolStatus;
  definition: AiApp;
}

/** A path from a title: lower case words joined by dashes ('Listing writer' → 'listing-writer'). */
export function pathFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return slug || 'tool';
}

/**
 * The one check of a tool document, for the App Chat's actions and the Code editor alike: the path (spec 001 §5:
 * letters, numbers and dashes, unique in the app), the title, and every rule of the tool's definition the panels
 * enforce (spec 000 §5: the field limit, the reserved name `input`, duplicate names, admin-only and paid-only types;
 * email fields are made personal). Answers the row to store, or throws the rule's AppError.
 */
export function checkToolDocument(
  doc: ToolDocument,
  rights: FieldTypeRights,
  appTools: readonly { toolId: string; path: string }[],
  toolId?: string,
): ToolOfDocument {
  const path = checkToolPath(doc.path);
  if (toolPathTaken(appTools, path, toolId)) throw new AppError('tool/path-taken', { field: 'path' });
  const title = doc.title.trim();
  if (title.length > TOOL_TITLE_MAX_LENGTH) throw new AppError('tool/title-too-long', { field: 'title' });
  if (doc.examples.filter((e) => e.trim()).length > MAX_INPUT_EXAMPLES)
    throw invalid('examples', `A tool has at most ${MAX_INPUT_EXAMPLES} input examples`);
  const parsed = aiAppSchema.safeParse({
    header: doc.header,
    description: doc.description,
    gptPrompt: doc.prompt.join('\n'),
    examples: doc.examples,
    welcomeMessage: doc.welcomeMessage,
    inputLabel: doc.inputLabel,
    inputPlaceholder: doc.inputPlaceholder,
    isInputCollapsed: doc.isInputCollapsed,
    isInputHidden: doc.isInputHidden,
    isMultiStepInput: doc.isMultiStepInput,
    inputSteps: doc.steps,
    ctaMessage: doc.ctaMessage,
    ctaButton: doc.ctaButton,
    ctaLink: doc.ctaLink,
    fields: doc.fields.map((f) => ({
      name: f.name,
      label: f.label,
      type: f.type,
      required: f.required,
      personal: f.personal,
      memorize: f.memorize,
      ...(f.options ? { options: f.options.map((o) => (typeof o === 'string' ? { label: o } : o)) } : {}),
      ...(f.step ? { stepId: f.step } : {}),
      ...(f.placeholder !== undefined ? { placeholder: f.placeholder } : {}),
      ...(f.instructions !== undefined ? { instructions: f.instructions } : {}),
    })),
    blocks: doc.resultBlocks.map((b, i) => ({ id: `block-${i + 1}`, type: 'text', ...b })),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    throw invalid(field, `${field}: ${issue.message}`);
  }
  const definition = checkToolDefinition(parsed.data, rights, '');
  return { title, path, status: doc.status, definition };
}

/** A document's text as the Code editor saved it: JSON of an object, or the reason it is not. */
export function readDocumentText(content: string): Loose {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (err) {
    throw invalid(
      'content',
      `The file is not valid JSON: ${err instanceof Error ? err.message : 'parse error'}`,
    );
  }
  if (!isObject(value)) throw invalid('content', 'The file must hold one JSON object');
  return value;
}

/** Why a refused change was refused, as the model reads it: the rule's message and where it applies. */
export function refusalText(err: unknown): string {
  if (err instanceof AppError) {
    const at = err.field && !err.message.startsWith(err.field) ? ` (at ${err.field})` : '';
    return `${err.message}${at}. Nothing was saved: correct it and call the action again.`;
  }
  throw err;
}
