// Secrets and server functions of space apps as other parts of the server see them (decision 0005, "Feature
// boundaries"; decision 0014).
export { functionRoutes } from './routes';
export { requireSecrets } from './secret-store';
export { FunctionSandbox, type SandboxLimits } from './sandbox';
export { buildFunction } from './build-function';
