import { AppError, modelFor } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { isOwnerOf } from '../apps';
import type { RunnableTool } from './find-runnable-tool';

export interface ChooseModelOptions {
  platform: Platform;
  caller: Caller | null;
  found: RunnableTool;
}

/**
 * The model the run asks: the builder's pick, else the operator's default. Without a provider, the owner is told
 * what the operator must set (`ai/not-configured`); a visitor only that the tool is unavailable, and the log has
 * the rest.
 */
export async function chooseModel({ platform, caller, found }: ChooseModelOptions) {
  const modelId = modelFor(found.app.appSettings, platform.ai.defaultModel);
  if (!platform.ai.configured) {
    platform.logger.warn(
      { appId: found.app.appId },
      'a tool run found no AI provider: set AI_PROVIDER (and AI_API_KEY, AI_BASE_URL as the provider needs)',
    );
    // a tool that is not public is only reached by its owner
    const isOwner = !found.isPublic || (await isOwnerOf(platform, caller, found.app));
    throw new AppError(isOwner ? 'ai/not-configured' : 'ai/unavailable');
  }
  return { modelId, model: platform.ai.languageModel(modelId) };
}
