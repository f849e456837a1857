/** The validation and repair tester of space apps' generated code (spec 001 §2–§5, §7–§9; decision 0013). */
export { appValidationRoutes } from './routes';
export { detectIssues, stopValidationThread } from './detect-pool';
export { validateTurn, warmValidation } from './turn-gate';
/** The detectors on the calling thread: the validation thread's own work, and the baseline of its bench. */
export { detectIssues as detectIssuesInThisThread } from './detectors';
