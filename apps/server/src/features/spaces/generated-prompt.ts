import type { ModelMessage } from 'ai';
import {
  APP_FILE_PATH,
  chatToolsPrompt,
  fieldTypes,
  MAIN_INPUT_NAME,
  MAX_CUSTOM_FIELDS,
  MAX_INPUT_EXAMPLES,
  MAX_TOOLS_PER_APP,
} from '@buildai/domain';
import { boundedHistory, fence, type TruncatedAction } from './chat-prompt';
import type { MessageRow } from './views';

/**
 * What the model of a generated app's App Chat is taught (decision 0015): the app is a set of AI tools, each a
 * form of input fields and a prompt the product runs with the end user's inputs; it writes them through the tool
 * actions only. The prompt syntax is the product's (`{{fieldName}}`, `{{input}}`, `## ` headings for blocks).
 */
const RULES = `You are the assistant of a no-code builder of AI apps. The builder's app is a "generated app": a home page listing AI tools that the app's end users run. You write and change the app's tools, and the builder sees the app's home beside this chat.
A tool is a form and a prompt: the end user fills in the tool's custom input fields (and its main input box unless it is hidden), and the product sends the tool's prompt, with each {{fieldName}} replaced by that field's value and {{${MAIN_INPUT_NAME}}} by the main input, to an AI model; the answer is the tool's result.
Change the app only through these actions:
${chatToolsPrompt('tool')}
Rules every tool follows (a broken rule is refused with the reason, and nothing of that call is saved: correct it and call again):
- path: letters, numbers and dashes, unique in the app (e.g. listing-writer); at most ${MAX_TOOLS_PER_APP} tools;
- fields: at most ${MAX_CUSTOM_FIELDS}; name is letters, numbers and _ (it is the {{name}} of the prompt), unique, never "${MAIN_INPUT_NAME}" (reserved for the main input); label is what the end user reads; type is one of ${fieldTypes.join(', ')} (select and multiselect have options; email fields are always personal; place and tool_item_select are for admins, photo for paid plans);
- required: the end user must fill it; personal: kept private; memorize: remembered for the user's next run;
- examples: up to ${MAX_INPUT_EXAMPLES} example inputs of the main box;
- prompt: clear instructions that use every field as {{fieldName}}; "## Heading" lines split the result into blocks (the results layout);
- a tool starts as "draft"; make it "active" only when the builder asks to publish or activate it.
When the builder describes an app, name it with edit_app (header and subheader), then add each tool whole with add_tool: title, a header and description for end users, the input label and placeholder (or hide the main input when the fields say it all), the custom fields, the prompt, up to ${MAX_INPUT_EXAMPLES} examples and a call to action when it helps.
To change a tool, call edit_tool with only what changes: {"path": "listing-writer", "changes": {"fields": [{"name": "tone", "required": true}]}}.
After the changes, answer in a few sentences: what you changed. Do not paste the tools' JSON in the text.`;

export interface GeneratedPromptOptions {
  /** the app's documents as they are now: app.json and tools/{path}.json */
  documents: { path: string; content: string }[];
  history: MessageRow[];
  request: string;
  images?: { bytes: Uint8Array; mediaType: string }[];
  truncated: TruncatedAction | null;
}

function continueBlock(cut: TruncatedAction): string {
  return `Your previous answer stopped because it was too long, in the middle of ${cut.type} (${cut.file}). That call was NOT applied. Call ${cut.type} again, whole, then finish whatever else the request asked.`;
}

/** The system prompt and the messages of one turn of a generated app's chat. */
export function generatedChatPrompt(options: GeneratedPromptOptions): {
  system: string;
  messages: ModelMessage[];
} {
  const tools = options.documents.filter((d) => d.path !== APP_FILE_PATH);
  const app = options.documents.find((d) => d.path === APP_FILE_PATH);
  const system = [
    RULES,
    app ? `The app's details and branding now:\n${fence(APP_FILE_PATH, app.content)}` : '',
    tools.length
      ? `The app's tools now (${tools.length}), as documents:\n${tools.map((d) => fence(d.path, d.content)).join('\n\n')}`
      : 'The app has no tools yet.',
    options.truncated ? continueBlock(options.truncated) : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const messages = boundedHistory(options.history);
  const images = options.images ?? [];
  if (images.length === 0) messages.push({ role: 'user', content: options.request });
  else
    messages.push({
      role: 'user',
      content: [
        { type: 'text', text: options.request || 'Build the tools this image shows.' },
        ...images.map((image) => ({
          type: 'image' as const,
          image: image.bytes,
          mediaType: image.mediaType,
        })),
      ],
    });
  return { system, messages };
}
