import { z } from 'zod';
import { chatAction, isPlainObject, textOf } from './chat-action';
import { TOOL_FIELDS, toolContent, toolFields, toolOutcome, toolPathField } from './tool-action';

export const editTool = chatAction({
  type: 'edit_tool',
  target: 'tool',
  description:
    'Changes a tool: only the keys given in `changes` change. `changes.fields` lists field changes by name: an existing field takes the keys given ({name, required: true}; `rename` renames it), {name, remove: true} removes it, a new name adds a field. `changes.path` moves the tool.',
  input: z.object({
    path: toolPathField,
    changes: z.object(toolFields).describe('the keys to change, as add_tool takes them'),
  }),
  prompt: 'changes only the keys given in `changes` of the tool at `path` (fields by name)',
  versioned: true,
  kept: TOOL_FIELDS,
  title: (input) => `Edit tool ${textOf(input.path) ?? ''}`.trim(),
  fromInput: toolContent((input) => (isPlainObject(input.changes) ? input.changes : undefined)),
  fromOutput: toolOutcome,
});
