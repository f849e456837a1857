import { jsonSchema, tool, type ToolSet } from 'ai';
import { AppError, MAIN_INPUT_NAME, type CustomField, type RunInputs, type RunSource } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { EndUser } from '../../http/end-user';
import type { Platform } from '../../platform';
import { loadTools, type ToolRow } from '../apps';
import { collectRun, findKeyTool, prepareRun, type PublishedTools, type RunAdmissions } from '../runtime';

export interface AssistantToolsOptions {
  platform: Platform;
  publishedTools: PublishedTools;
  admissions: RunAdmissions;
  caller: Caller | null;
  user: EndUser;
  appId: string;
  /** the tools the builder lets the assistant call, by id; null: every active tool (decision 0017) */
  toolIds?: readonly string[] | null;
  source: RunSource;
  apiKeyId?: string;
}

/** What a function name may hold (the providers' own rule): a tool's path, other characters made `_`. */
const functionName = (path: string) => path.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);

type JsonProperty = {
  type: 'string' | 'array';
  description?: string;
  enum?: string[];
  items?: { type: 'string' };
};

/** A field as a property of the function's input: choices as an enum, several choices as a list. */
function fieldProperty(field: CustomField): JsonProperty {
  const label = [field.label, field.instructions].filter(Boolean).join(': ');
  const choices = (field.options ?? field.optionsConfig?.options ?? []).map((o) => o.label).filter(Boolean);
  if (field.type === 'multiselect')
    return { type: 'array', items: { type: 'string' }, ...(label ? { description: label } : {}) };
  return {
    type: 'string',
    ...(label ? { description: label } : {}),
    ...(field.type === 'select' && choices.length > 0 ? { enum: choices } : {}),
  };
}

/** The input schema of a tool as a function: its custom fields and its main input box, the required ones required. */
export function toolInputSchema(row: ToolRow): {
  type: 'object';
  properties: Record<string, JsonProperty>;
  required: string[];
} {
  const definition = row.definition;
  const properties: Record<string, JsonProperty> = {};
  const required: string[] = [];
  if (!definition.isInputHidden) {
    properties[MAIN_INPUT_NAME] = {
      type: 'string',
      description: definition.inputLabel || definition.inputPlaceholder || 'The main input',
    };
  }
  for (const field of definition.fields ?? []) {
    // a photo is taken in the browser; the assistant cannot send one
    if (field.type === 'photo') continue;
    properties[field.name] = fieldProperty(field);
    if (field.required) required.push(field.name);
  }
  return { type: 'object', properties, required };
}

/** A tool's description: its header and subheader. */
export function toolDescription(row: ToolRow): string {
  return [row.definition.header || row.title, row.definition.description].filter(Boolean).join(' — ');
}

/**
 * The app's active tools as functions the model may call (decision 0010). A call runs the tool as a run of its own
 * (the same source and user, so it counts against the limits and credits, and remembers personal fields as any run
 * does) and answers its output; a refusal (a missing field, a limit) is answered as the tool's error for the model
 * to explain.
 */
export async function assistantTools(options: AssistantToolsOptions): Promise<ToolSet> {
  const { platform, appId } = options;
  const allowed = options.toolIds ? new Set(options.toolIds) : null;
  const rows = (await loadTools(platform.db, appId)).filter(
    (t) => t.status === 'active' && (!allowed || allowed.has(t.toolId)),
  );
  const set: ToolSet = {};
  for (const row of rows) {
    const name = functionName(row.path);
    if (name === '' || set[name]) continue;
    set[name] = tool({
      // what the visitor's chip shows for the call (the UI message part's title), not the tool's path
      title: row.definition.header || row.title || undefined,
      description: toolDescription(row),
      inputSchema: jsonSchema<RunInputs>(toolInputSchema(row)),
      execute: async (inputs, { abortSignal }) =>
        runAsFunction({ options, toolPath: row.path, inputs, signal: abortSignal }),
    });
  }
  return set;
}

interface RunAsFunctionOptions {
  options: AssistantToolsOptions;
  toolPath: string;
  inputs: RunInputs;
  signal: AbortSignal | undefined;
}

async function runAsFunction({
  options,
  toolPath,
  inputs,
  signal,
}: RunAsFunctionOptions): Promise<{ output: string } | { error: string }> {
  try {
    // through an API key the tool is the one the key runs: the key is the builder's own grant, which paid
    // memberships do not gate (decision 0010, "What an API key runs")
    const keyTool = options.apiKeyId
      ? await findKeyTool({ publishedTools: options.publishedTools, appId: options.appId, toolPath })
      : undefined;
    const run = await prepareRun({
      ...(keyTool ? { tool: keyTool } : {}),
      platform: options.platform,
      publishedTools: options.publishedTools,
      admissions: options.admissions,
      caller: options.caller,
      user: options.user,
      appId: options.appId,
      toolPath,
      inputs: cleanInputs(inputs),
      source: options.source,
      ...(options.apiKeyId ? { apiKeyId: options.apiKeyId } : {}),
    });
    const { output } = await collectRun(run, signal ?? new AbortController().signal);
    return { output };
  } catch (err) {
    if (err instanceof AppError) return { error: err.message };
    throw err;
  }
}

/** The model's arguments as run inputs: strings, lists of strings, numbers and booleans. */
function cleanInputs(raw: unknown): RunInputs {
  const inputs: RunInputs = {};
  if (typeof raw !== 'object' || raw === null) return inputs;
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      inputs[key] = value;
    else if (Array.isArray(value)) inputs[key] = value.map(String);
  }
  return inputs;
}
