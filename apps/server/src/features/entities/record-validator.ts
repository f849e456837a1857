import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { AppError, RECORD_SYSTEM_FIELDS, type EntitySchema, type RecordFields } from '@buildai/domain';

// ajv-formats is CommonJS: its default export arrives as the module object under some loaders
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const CACHE_SIZE = 500;

/** Why a value was refused, naming the field: `price: must be number`. */
export interface RecordProblem {
  field: string;
  message: string;
}

function describe(error: ErrorObject): RecordProblem {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty: string }).missingProperty);
    const field = path ? `${path}.${missing}` : missing;
    return { field, message: `${field}: is required` };
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map((v) =>
      JSON.stringify(v),
    );
    return { field: path, message: `${path}: must be one of ${allowed.join(', ')}` };
  }
  return { field: path, message: `${path || 'record'}: ${error.message ?? 'is not valid'}` };
}

/**
 * Checks record values against their entity's JSON schema with ajv (architecture §7a): type, `required`, `enum`, formats.
 * Compiled validators are kept per schema text (the most recent CACHE_SIZE). The `x-accessControl` keyword and other
 * unknown keywords are allowed.
 */
export class RecordValidator {
  private readonly ajv = new Ajv({
    strict: false,
    allErrors: false,
    coerceTypes: false,
    validateFormats: true,
  });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    addFormats(this.ajv);
  }

  /** the validators of a schema object already seen (a bulk request checks every record against the same one) */
  private readonly bySchema = new WeakMap<EntitySchema, { f?: ValidateFunction; p?: ValidateFunction }>();

  private validatorFor(schema: EntitySchema, partial: boolean): ValidateFunction {
    let known = this.bySchema.get(schema);
    if (!known) this.bySchema.set(schema, (known = {}));
    return (known[partial ? 'p' : 'f'] ??= this.validatorByText(schema, partial));
  }

  private validatorByText(schema: EntitySchema, partial: boolean): ValidateFunction {
    const key = `${partial ? 'p' : 'f'}${JSON.stringify(schema)}`;
    let validate = this.compiled.get(key);
    if (validate) {
      // most recently used last
      this.compiled.delete(key);
      this.compiled.set(key, validate);
      return validate;
    }
    const { ['x-accessControl']: _rules, required, ...rest } = schema;
    validate = this.ajv.compile({ ...rest, type: 'object', ...(partial || !required ? {} : { required }) });
    this.compiled.set(key, validate);
    if (this.compiled.size > CACHE_SIZE) this.compiled.delete(this.compiled.keys().next().value!);
    return validate;
  }

  /** The problem with `fields`, or null. `partial` (an update) leaves `required` out. */
  problem(schema: EntitySchema, fields: RecordFields, partial = false): RecordProblem | null {
    for (const name of RECORD_SYSTEM_FIELDS) {
      if (name in fields) return { field: name, message: `${name}: is set by the app database` };
    }
    const validate = this.validatorFor(schema, partial);
    if (validate(fields)) return null;
    return describe(validate.errors![0]!);
  }

  /** Throws 400 `record/invalid` naming the field when `fields` does not match. */
  check(schema: EntitySchema, fields: RecordFields, partial = false): void {
    const problem = this.problem(schema, fields, partial);
    if (problem) throw new AppError('record/invalid', { message: problem.message, field: problem.field });
  }
}
