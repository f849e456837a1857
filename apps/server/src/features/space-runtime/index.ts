// The space apps' runtime as other parts of the server see it (decision 0005, "Feature boundaries"; decision 0007).
export { AppBundler, filesHash } from './app-bundler';
export { bundleApp, type AppBuild } from './bundle-app';
export { createAppOriginApp, spaceRuntimeRoutes, type SpaceRuntimeServices } from './routes';
export { signPreviewToken } from './preview-token';
export { buildCheck, type BuildCheck } from './check-app-build';
export { renderAppDocument } from './app-document';
export { builtinFiles } from './builtin-files';
// what the validation tester checks an app's files against (decision 0013)
export { BRAND_ICONS, iconIndex, LUCIDE_API, unknownIconMessage } from './app-icons';
export { finder, refused } from './bundle-app';
export { appDesignSystem } from './app-css';
export { RUNTIME_DIR } from './shared-modules';
