// The embeddable widget as other parts of the server see it (decision 0005, "Feature boundaries"; decision 0010).
export { embedAncestors } from './embed-ancestors';
export { assistantInfoCors, widgetRoutes } from './routes';
export { EMBED_SCRIPT } from './embed-script';
