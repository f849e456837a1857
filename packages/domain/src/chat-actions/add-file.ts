import { z } from 'zod';
import { chatAction } from './chat-action';
import { FILE_FIELDS, fileContent, filePathField, fileTitle } from './file-action';

export const addFile = chatAction({
  type: 'add_file',
  target: 'file',
  description: 'Creates a file with its whole content.',
  input: z.object({ path: filePathField, content: z.string() }),
  prompt: 'a new file, whole',
  versioned: true,
  kept: FILE_FIELDS,
  title: fileTitle('Create'),
  fromInput: fileContent,
});
