// The space apps' runtime as other parts of the server see it (decision 0005, "Feature boundaries"; decision 0007).
export { AppBundler, filesHash } from './app-bundler';
export { bundleApp, type AppBuild } from './bundle-app';
export { createAppOriginApp, spaceRuntimeRoutes, type SpaceRuntimeServices } from './routes';
export { signPreviewToken } from './preview-token';
export { buildCheck, type BuildCheck } from './check-app-build';
export { renderAppDocument } from './app-document';
export { builtinFiles } from './builtin-files';
