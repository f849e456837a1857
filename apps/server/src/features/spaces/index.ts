// The space apps feature as other parts of the server see it (decision 0005, "Feature boundaries").
export { spaceRoutes } from './routes';
export { MAX_TURN_STEPS } from './send-chat-message';
export { loadSpaceApp, requireAdmin } from './load-space-app';
export { makeVersion } from './make-version';
export { readAppFiles } from './app-files';
export type { TurnValidation } from './record-turn';
