import type { AppBuildError } from '@buildai/domain';
import type { Platform } from '../../platform';
import type { AppBundler } from './app-bundler';
import { loadPreviewApp } from './load-app-files';

/** Checks whether an app's current files build: the errors, or [] (docs/decisions/0012, "Build errors"). */
export type BuildCheck = (appId: string) => Promise<AppBuildError[]>;

/**
 * The check the chat runs after each file change and publishing runs first: the app's current files (and
 * branding) through the same bundler the app origin serves them with, so a check and the next load share one
 * build.
 */
export function buildCheck(platform: Platform, bundler: AppBundler): BuildCheck {
  return async (appId) => {
    const app = await loadPreviewApp(platform, appId);
    const build = await bundler.bundle(app.files, app.style);
    return build.ok ? [] : build.errors;
  };
}
