import { z } from 'zod';
import { chatAction } from './chat-action';
import { FILE_FIELDS, fileContent, filePathField, fileTitle } from './file-action';

export const editFile = chatAction({
  type: 'edit_file',
  target: 'file',
  description: "Replaces a file's whole content.",
  input: z.object({ path: filePathField, content: z.string() }),
  prompt: 'the whole new content of an existing file',
  versioned: true,
  kept: FILE_FIELDS,
  // 'Edit', as partial_edit: the title stored answers have always had (decision 0011, "Chat actions")
  title: fileTitle('Edit'),
  fromInput: fileContent,
});
