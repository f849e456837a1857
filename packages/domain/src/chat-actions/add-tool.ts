import { z } from 'zod';
import { chatAction, textOf } from './chat-action';
import { TOOL_FIELDS, toolContent, toolFields, toolOutcome } from './tool-action';

export const addTool = chatAction({
  type: 'add_tool',
  target: 'tool',
  description:
    'Adds an AI tool to the app: its title and path, texts, custom input fields, prompt, examples, call to action and results layout. Refused, with the reason, when a rule is broken (a taken path, a reserved or repeated field name, more than 10 fields): nothing is saved then.',
  input: z.object({ ...toolFields, title: z.string().describe('the tool name, e.g. Listing writer') }),
  prompt: 'a new tool; path defaults to the title in lower case with dashes',
  versioned: true,
  kept: TOOL_FIELDS,
  title: (input) => `Add tool ${textOf(input.title) ?? ''}`.trim(),
  fromInput: toolContent((input) => input),
  fromOutput: toolOutcome,
});
