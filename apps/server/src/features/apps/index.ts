// The apps feature as other parts of the server see it (decision 0005, "Feature boundaries").
export { checkToolDefinition } from './check-tool-definition';
export { isOwnerOf, loadOwnedApp, loadToolOf, loadTools, requireBuilder } from './load-app';
export { AppChangeBus } from './app-change-bus';
export { requireBuilderRights } from './rights';
export { readSettings, type AppRow, type ToolRow } from './view';
export { appRoutes } from './routes';
