import {
  entityActionTitle,
  entityPermissions,
  permissionPairSchema,
  type ChatAction,
  type EntityActionType,
} from '@buildai/domain';
import type { EntityActionResult } from './apply-entity-action';
import { cleanModelJson } from './stored-text';

/** The fields of an entity tool's input, and nothing else the model put there (stored with the answer). */
export function entityInput(type: EntityActionType, raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = type === 'add_entity' || type === 'edit_entity' ? ['name', 'schema'] : ['entity', 'records'];
  for (const key of keys) {
    if (raw[key] === undefined) continue;
    const value = cleanModelJson(raw[key]);
    if (value !== null) out[key] = value;
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The permissions an add/edit_entity names (the defaults when it names none), when they are valid levels. */
function permissionsOf(schema: unknown): ChatAction['permissions'] {
  if (!isObject(schema)) return undefined;
  const pair = entityPermissions(schema as Parameters<typeof entityPermissions>[0]);
  return permissionPairSchema.safeParse(pair).success ? pair : undefined;
}

/**
 * The spec's action of one entity tool call (decision 0008, "Entity actions in the chat"): 'Add entity Task',
 * 'Edit entity Task' with the permission pair; 'Insert 3 records into Task', 'Import 120 records into Task' with
 * what went in and what was refused. A call cut off by the output limit never ran (`isTruncated`).
 */
export function entityAction(
  type: EntityActionType,
  input: Record<string, unknown>,
  result: EntityActionResult | undefined,
  state: { cut: boolean; errorText?: string },
): ChatAction {
  const schemaAction = type === 'add_entity' || type === 'edit_entity';
  const named = schemaAction ? input.name : input.entity;
  const entity = typeof named === 'string' ? named : undefined;
  const records = Array.isArray(input.records) ? input.records : undefined;
  const title = entityActionTitle(type, entity, records?.length ?? 0);
  const action: ChatAction = {
    title,
    type,
    ...(entity !== undefined ? { entity } : {}),
    ...(schemaAction && isObject(input.schema) ? { content: JSON.stringify(input.schema, null, 2) } : {}),
    isComplete: false,
    isTruncated: false,
  };
  if (schemaAction) {
    const kept = result?.ok && 'permissions' in result ? result.permissions : undefined;
    const permissions = kept ?? permissionsOf(input.schema);
    if (permissions) action.permissions = permissions;
  }
  if (result) {
    action.isComplete = true;
    if (!result.ok) action.error = result.error;
    if (!schemaAction) {
      const sent = records?.length ?? 0;
      if (result.ok && 'inserted' in result)
        action.records = { sent, inserted: result.inserted, failed: result.failed };
      else if (!result.ok && result.failed) action.records = { sent, inserted: 0, failed: result.failed };
    }
  } else if (state.cut) {
    action.isTruncated = true;
  } else if (state.errorText !== undefined) {
    action.isComplete = true;
    action.error = state.errorText;
  }
  return action;
}
