// The plans feature as other parts of the server see it (decision 0005, "Feature boundaries").
export { loadPlans } from './plans';
export { adminRoutes, paidPlanRoutes, type PlanLinks } from './routes';
export { findPlan } from './plans';
