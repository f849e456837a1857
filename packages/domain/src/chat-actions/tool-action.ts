import { z } from 'zod';
import { fieldTypes } from '../field-rules';
import { APP_FILE_PATH, TOOL_DOCUMENT_KEYS, toolFilePath } from '../tool-documents';
import { isPlainObject, textOf, type ActionContent, type CallInput, type KeptField } from './chat-action';

// What the tool actions of a generated app share (docs/decisions/0015): the fields of a tool as the model writes
// them (the tool document's keys), what of a call is kept, and how it is titled. Each names the tool's document,
// `tools/{path}.json`, as its file, so the diff, the context files and the history read it as a file.

const FIELD_HELP = `a custom input field: {name (letters, numbers, _; never "input"), label, type: ${fieldTypes.join(' | ')}, required?, personal?, memorize?, options? (texts, for select and multiselect), step? (a step id), placeholder?}`;

/** The tool's keys, each optional: what add_tool and edit_tool's `changes` take. */
export const toolFields = {
  title: z.string().optional().describe('the tool name in the app list'),
  path: z
    .string()
    .optional()
    .describe('the URL path /tool/{path}: letters, numbers and dashes, unique in the app'),
  status: z.string().optional().describe('"draft" (default) or "active" (live for end users)'),
  header: z.string().optional().describe('the heading end users see'),
  description: z.string().optional().describe('the subheader under it'),
  inputLabel: z.string().optional().describe("the main input box's label"),
  inputPlaceholder: z.string().optional().describe("the main input box's placeholder"),
  isInputHidden: z.boolean().optional().describe('hides the main input box (the fields are the whole form)'),
  isInputCollapsed: z.boolean().optional().describe('collapses the main input box'),
  welcomeMessage: z.string().optional(),
  examples: z.array(z.string()).optional().describe('up to 3 example inputs'),
  fields: z.array(z.record(z.string(), z.unknown())).optional().describe(FIELD_HELP),
  isMultiStepInput: z.boolean().optional(),
  steps: z.array(z.record(z.string(), z.unknown())).optional().describe('input steps: {id, title}'),
  prompt: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe(
      'the instructions the AI runs with the inputs: {{fieldName}} inserts a field, {{input}} the main input',
    ),
  resultBlocks: z
    .array(z.record(z.string(), z.unknown()))
    .optional()
    .describe(
      'the results layout: blocks {title, prompt}; leave out to lay out by the prompt\'s "## " headings',
    ),
  ctaMessage: z.string().optional().describe('call to action shown under the result'),
  ctaButton: z.string().optional(),
  ctaLink: z.string().optional(),
};

export const toolPathField = z.string().describe("an existing tool's path, e.g. listing-writer");

export const TOOL_FIELDS: Readonly<Record<string, KeptField>> = {
  ...Object.fromEntries(TOOL_DOCUMENT_KEYS.map((k) => [k, 'json' as const])),
  changes: 'json',
  header: 'json',
  subheader: 'json',
  branding: 'json',
};

/** A tool action holds the tool's document as its file and what it sends (as JSON) as its content. */
export function toolContent(sent: (input: CallInput) => unknown) {
  return (input: CallInput): ActionContent => {
    const path = textOf(input.path);
    const body = sent(input);
    return {
      ...(path !== undefined && path !== '' ? { file: toolFilePath(path) } : {}),
      ...(body !== undefined ? { content: JSON.stringify(body, null, 2) } : {}),
    };
  };
}

/** Once it ran, the tool's document as it is named now (a new tool's path may have been chosen by the server). */
export function toolOutcome(_input: CallInput, output: unknown): ActionContent {
  const path = isPlainObject(output) ? textOf(output.path) : undefined;
  return path ? { file: toolFilePath(path) } : {};
}

export const appContent = (input: CallInput): ActionContent => ({
  file: APP_FILE_PATH,
  content: JSON.stringify(input, null, 2),
});
