// The apps feature as other parts of the server see it (decision 0005, "Feature boundaries").
export { checkToolDefinition } from './check-tool-definition';
export { isOwnerOf, loadOwnedApp, loadToolOf, loadTools, requireBuilder } from './load-app';
export { AppChangeBus } from './app-change-bus';
export { requireBuilderRights } from './rights';
export { readSettings, type AppRow, type ToolRow } from './view';
export { appRoutes } from './routes';
// the app row's lock, shared by a space app's chat, file writes, restore and publishing (decision 0007)
export { lockAppFiles, lockChat, STALE_TURN_MS, TURN_TIMEOUT_MS } from './chat-lock';
