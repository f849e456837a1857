import { z } from 'zod';
import { chatAction } from './chat-action';
import {
  MAX_IMPORT_RECORDS,
  RECORDS_FIELDS,
  existingEntityField,
  recordsContent,
  recordsField,
  recordsOutcome,
  recordsTitle,
} from './entity-action';

export const importEntities = chatAction({
  type: 'import_entities',
  target: 'entity',
  description: `Imports data the builder gave in the chat (pasted rows, a table, a list) into an existing entity, as the builder: every row, converted to the entity's fields, none invented. At most ${MAX_IMPORT_RECORDS} per call (split longer data into several calls). The answer says how many went in and why any was refused.`,
  input: z.object({ entity: existingEntityField, records: recordsField(MAX_IMPORT_RECORDS) }),
  prompt: `data the builder gave in the chat (pasted rows, a table), every row, none invented, up to ${MAX_IMPORT_RECORDS} a call`,
  // records are the app's data, not its build: a version does not hold them
  versioned: false,
  kept: RECORDS_FIELDS,
  title: recordsTitle('Import'),
  fromInput: recordsContent,
  fromOutput: recordsOutcome,
});
