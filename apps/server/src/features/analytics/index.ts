// The analytics feature as other parts of the server see it (decision 0005, "Feature boundaries").
export { analyticsRoutes } from './routes';
