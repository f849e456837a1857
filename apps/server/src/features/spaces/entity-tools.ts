import { tool } from 'ai';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { RecordValidator } from '../entities';
import {
  applyEntityAction,
  MAX_IMPORT_RECORDS,
  MAX_INSERT_RECORDS,
  type EntityActionInput,
  type EntityActionResult,
} from './apply-entity-action';
import type { AppliedActions } from './file-tools';
import { cleanModelJson } from './stored-text';

export interface EntityToolsOptions {
  db: Db;
  validator: RecordValidator;
  appId: string;
  /** the builder whose turn it is: records are inserted as theirs */
  builderId: string;
  applied: AppliedActions;
}

const SCHEMA_HELP = `A JSON schema object: {"type": "object", "properties": {<field>: {"type": "string" | "number" | "integer" | "boolean" | "array" | "object", "format"?: "date-time" | "email" | "uri", "enum"?: [...], "items"?: {...}, "description"?: "..."}}, "required"?: [<field>...], "x-accessControl": {"permissions": {"read": <level>, "write": <level>}}}. Levels: anonymous, all, admin, creator, none. Do not declare id, createdAt or creatorId: every record has them.`;

/**
 * The model's four entity tools (named as the spec's action types), beside the file tools. Each call runs at once in
 * its own transaction; the answer is `{ok: true, …}` or why nothing changed (decision 0008, "Entity actions in the
 * chat"). The inputs stay loose so a bad schema or record is answered by the tool, in words the model can fix.
 */
export function entityTools(options: EntityToolsOptions) {
  const { db, validator, appId, builderId, applied } = options;
  const run = async (action: EntityActionInput, toolCallId: string): Promise<EntityActionResult> => {
    const clean =
      'schema' in action
        ? { ...action, schema: cleanModelJson(action.schema) }
        : { ...action, records: cleanModelJson(action.records) };
    const result = await applyEntityAction({ db, validator, appId, builderId, action: clean });
    const entity = 'name' in action ? action.name : action.entity;
    applied.set(toolCallId, { kind: 'entity', type: action.type, entity, result });
    return result;
  };
  const name = z.string().describe('the entity name, PascalCase and singular, e.g. Task');
  const schema = z.record(z.string(), z.unknown()).describe(SCHEMA_HELP);
  const entity = z.string().describe('the name of an existing entity, e.g. Task');
  const records = z.array(z.unknown());
  return {
    add_entity: tool({
      description:
        'Creates a new entity (a table of the app database) with its JSON schema and its read/write permissions. Refused when the entity exists: use edit_entity then.',
      inputSchema: z.object({ name, schema }),
      execute: (input, { toolCallId }) => run({ type: 'add_entity', ...input }, toolCallId),
    }),
    edit_entity: tool({
      description:
        "Replaces an existing entity's whole schema (send every property, not only the changed ones). Use it to add or change properties and to change permissions; an x-accessControl left out keeps the current permissions. Records are kept.",
      inputSchema: z.object({ name, schema }),
      execute: (input, { toolCallId }) => run({ type: 'edit_entity', ...input }, toolCallId),
    }),
    insert_entity_records: tool({
      description: `Inserts records you write yourself (sample or seed data) into an existing entity, as the builder. At most ${MAX_INSERT_RECORDS} per call. Each record is an object of the entity's fields, checked against its schema; the answer says how many went in and why any was refused.`,
      inputSchema: z.object({
        entity,
        records: records.describe(`at most ${MAX_INSERT_RECORDS} objects of the entity's fields`),
      }),
      execute: (input, { toolCallId }) => run({ type: 'insert_entity_records', ...input }, toolCallId),
    }),
    import_entities: tool({
      description: `Imports data the builder gave in the chat (pasted rows, a table, a list) into an existing entity, as the builder: every row, converted to the entity's fields, none invented. At most ${MAX_IMPORT_RECORDS} per call (split longer data into several calls). The answer says how many went in and why any was refused.`,
      inputSchema: z.object({
        entity,
        records: records.describe(`at most ${MAX_IMPORT_RECORDS} objects of the entity's fields`),
      }),
      execute: (input, { toolCallId }) => run({ type: 'import_entities', ...input }, toolCallId),
    }),
  };
}
