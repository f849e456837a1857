// The app templates feature as other parts of the server see it (decision 0005, "Feature boundaries").
export { appTemplateRoutes } from './routes';
export { settingsForCopy } from './copy-app-template';
