import { z } from 'zod';
import { chatAction } from './chat-action';
import {
  SCHEMA_FIELDS,
  entityNameField,
  entitySchemaField,
  schemaContent,
  schemaOutcome,
  schemaTitle,
} from './entity-action';

export const editEntity = chatAction({
  type: 'edit_entity',
  target: 'entity',
  description:
    "Replaces an existing entity's whole schema (send every property, not only the changed ones). Use it to add or change properties and to change permissions; an x-accessControl left out keeps the current permissions. Records are kept.",
  input: z.object({ name: entityNameField, schema: entitySchemaField }),
  prompt:
    'the whole new schema of an existing entity (every property, not only the changed ones); records are kept',
  versioned: true,
  kept: SCHEMA_FIELDS,
  title: schemaTitle('Edit'),
  fromInput: schemaContent,
  fromOutput: schemaOutcome,
});
