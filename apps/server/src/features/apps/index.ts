// The apps feature as other parts of the server see it (decision 0005, "Feature boundaries").
export { isOwnerOf, loadOwnedApp, loadToolOf, loadTools, requireBuilder } from './load-app';
export { AppChangeBus } from './app-change-bus';
export { copyImage } from './templates';
export { sniffImage } from './images';
export { requireAppOwner, requireBuilderRights, requireOwnedApp, type BuilderRights } from './rights';
export { editsApp } from './editors';
export { readSettings, readStyle, type AppRow, type ToolRow } from './view';
export { appRoutes } from './routes';
export type { SettingsKeeper } from './save-settings';
// the app row's lock, shared by a space app's chat, file writes, restore and publishing (decision 0007)
export {
  closeTurnsOfLastProcess,
  keepTurnAlive,
  lockAppFiles,
  lockChat,
  STALE_TURN_MS,
  TURN_HEARTBEAT_MS,
  TURN_TIMEOUT_MS,
} from './chat-lock';
export { createDomainDirectory, hostName, type DomainDirectory } from './domain-directory';
// a generated app's tools and details as documents, for the App Chat, versions and the Code editor (decision 0015)
export {
  addToolDocument,
  editAppDocument,
  editToolDocument,
  readAppDocuments,
  removeToolDocument,
  restoreAppDocuments,
  saveAppDocument,
  type ActionPreview,
  type AppFile,
  type ToolActionContext,
  type ToolActionResult,
} from './tool-documents';
