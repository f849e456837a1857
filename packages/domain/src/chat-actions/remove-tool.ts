import { z } from 'zod';
import { chatAction, textOf } from './chat-action';
import { TOOL_FIELDS, toolContent, toolPathField } from './tool-action';

export const removeTool = chatAction({
  type: 'remove_tool',
  target: 'tool',
  description: 'Removes a tool from the app, with its runs.',
  input: z.object({ path: toolPathField }),
  prompt: 'removes the tool at `path`',
  versioned: true,
  kept: TOOL_FIELDS,
  title: (input) => `Remove tool ${textOf(input.path) ?? ''}`.trim(),
  fromInput: toolContent(() => undefined),
});
