import { z } from 'zod';
import { chatAction } from './chat-action';
import {
  MAX_INSERT_RECORDS,
  RECORDS_FIELDS,
  existingEntityField,
  recordsContent,
  recordsField,
  recordsOutcome,
  recordsTitle,
} from './entity-action';

export const insertEntityRecords = chatAction({
  type: 'insert_entity_records',
  target: 'entity',
  description: `Inserts records you write yourself (sample or seed data) into an existing entity, as the builder. At most ${MAX_INSERT_RECORDS} per call. Each record is an object of the entity's fields, checked against its schema; the answer says how many went in and why any was refused.`,
  input: z.object({ entity: existingEntityField, records: recordsField(MAX_INSERT_RECORDS) }),
  prompt: `up to ${MAX_INSERT_RECORDS} records you write yourself (examples, seed data)`,
  // records are the app's data, not its build: a version does not hold them
  versioned: false,
  kept: RECORDS_FIELDS,
  title: recordsTitle('Insert'),
  fromInput: recordsContent,
  fromOutput: recordsOutcome,
});
