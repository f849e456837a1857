import type { EntityActionType } from '@buildai/domain';
import type { Db } from '../../db/client';
import type { RecordValidator } from '../entities';
import { applyEntityAction, type EntityActionInput, type EntityActionResult } from './apply-entity-action';
import type { AppliedActions, ToolExecutes } from './chat-tools';
import { cleanModelJson } from './stored-text';

export interface EntityToolsOptions {
  db: Db;
  validator: RecordValidator;
  appId: string;
  /** the builder whose turn it is: records are inserted as theirs */
  builderId: string;
  applied: AppliedActions;
}

/**
 * The execute of the model's four entity tools (declared in the domain's registry, `chat-actions/`), beside the
 * file tools. Each call runs at once in its own transaction; the answer is `{ok: true, …}` or why nothing changed
 * (decision 0008, "Entity actions in the chat"). The inputs stay loose so a bad schema or record is answered here,
 * in words the model can fix.
 */
export function entityTools(options: EntityToolsOptions): Pick<ToolExecutes, EntityActionType> {
  const { db, validator, appId, builderId, applied } = options;
  const run = async (action: EntityActionInput, toolCallId: string): Promise<EntityActionResult> => {
    const clean =
      'schema' in action
        ? { ...action, schema: cleanModelJson(action.schema) }
        : { ...action, records: cleanModelJson(action.records) };
    const result = await applyEntityAction({ db, validator, appId, builderId, action: clean });
    applied.set(toolCallId, { type: action.type, result });
    return result;
  };
  return {
    add_entity: (input, toolCallId) => run({ type: 'add_entity', ...input }, toolCallId),
    edit_entity: (input, toolCallId) => run({ type: 'edit_entity', ...input }, toolCallId),
    insert_entity_records: (input, toolCallId) =>
      run({ type: 'insert_entity_records', ...input }, toolCallId),
    import_entities: (input, toolCallId) => run({ type: 'import_entities', ...input }, toolCallId),
  };
}
