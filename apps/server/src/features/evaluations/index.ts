// Evaluations as other parts of the server see them (decision 0005, "Feature boundaries"; decision 0019).
export { evaluationRoutes } from './routes';
