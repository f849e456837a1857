// What end users asked, as other parts of the server see it (decision 0005, "Feature boundaries"; decision 0018):
// the logs' routes, the retention round, and the hook that erases a run its app does not keep.
export { logRoutes, devClockRoutes } from './routes';
export { forgetIfNotKept, forgetRun, keepsNoConversations } from './privacy';
export { applyRetention, registerRetentionJob, RETENTION_JOB } from './retention';
