// The REST API as other parts of the server see it (decision 0005, "Feature boundaries"; decision 0010).
export { prepareApiRun, type PrepareApiRunOptions } from './prepare-api-run';
export { publicApiRoutes } from './routes';
