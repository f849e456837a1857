import { z } from 'zod';
import { chatAction } from './chat-action';
import { FILE_FIELDS, fileContent, filePathField, fileTitle } from './file-action';

export const deleteFile = chatAction({
  type: 'delete_file',
  target: 'file',
  description: 'Deletes a file.',
  input: z.object({ path: filePathField }),
  versioned: true,
  kept: FILE_FIELDS,
  title: fileTitle('Delete'),
  fromInput: fileContent,
});
