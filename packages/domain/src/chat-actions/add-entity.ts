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

export const addEntity = chatAction({
  type: 'add_entity',
  target: 'entity',
  description:
    'Creates a new entity (a table of the app database) with its JSON schema and its read/write permissions. Refused when the entity exists: use edit_entity then.',
  input: z.object({ name: entityNameField, schema: entitySchemaField }),
  prompt: 'a new entity; name is PascalCase and singular (Task, BlogPost); refused if it exists',
  versioned: true,
  kept: SCHEMA_FIELDS,
  title: schemaTitle('Add'),
  fromInput: schemaContent,
  fromOutput: schemaOutcome,
});
