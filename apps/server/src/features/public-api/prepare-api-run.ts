import type { RunInputs } from '@buildai/domain';
import type { Platform } from '../../platform';
import type { KeyCaller } from '../api-keys';
import {
  checkToolInputs,
  findKeyTool,
  prepareRun,
  type PreparedRun,
  type PublishedTools,
  type RunAdmissions,
} from '../runtime';

export interface PrepareApiRunOptions {
  platform: Platform;
  publishedTools: PublishedTools;
  admissions: RunAdmissions;
  /** the key that asks (already authenticated for this app) */
  key: KeyCaller;
  toolPath: string;
  /** the inputs, read when the tool is known (an unknown path answers before a bad body) */
  inputs: () => Promise<RunInputs>;
  source: 'api' | 'mcp';
}

/**
 * A run of a tool through the REST API or MCP: the key's app's active tool at that path, the inputs checked
 * against its inputs (400 naming the input), then the runtime's own run: the app's run limits counted for the key
 * (`key:{id}`), its credits, its data sources, stored with its source and key for the analytics.
 */
export async function prepareApiRun(options: PrepareApiRunOptions): Promise<PreparedRun> {
  const { platform, key, toolPath } = options;
  const tool = await findKeyTool({ publishedTools: options.publishedTools, appId: key.appId, toolPath });
  const inputs = await options.inputs();
  checkToolInputs(tool.tool.definition, inputs);
  return prepareRun({
    platform,
    publishedTools: options.publishedTools,
    admissions: options.admissions,
    caller: null,
    user: key.user,
    appId: key.appId,
    toolPath,
    inputs,
    source: options.source,
    apiKeyId: key.keyId,
    tool,
  });
}
