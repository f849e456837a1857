import { z } from 'zod';
import { chatAction } from './chat-action';
import { FILE_FIELDS, fileContent, filePathField, fileTitle } from './file-action';

export const partialEdit = chatAction({
  type: 'partial_edit',
  target: 'file',
  description: 'Replaces the one occurrence of `search` in a file with `replace`.',
  input: z.object({ path: filePathField, search: z.string(), replace: z.string() }),
  prompt:
    'replaces the one place where `search` occurs (it must occur exactly once; copy it from the file as is)',
  versioned: true,
  kept: FILE_FIELDS,
  title: fileTitle('Edit'),
  fromInput: fileContent,
});
