/** The validation and repair tester of space apps' generated code (spec 001 §2–§5, §7–§9; decision 0013). */
export { appValidationRoutes } from './routes';
export { detectIssues } from './detectors';
export { validateTurn, warmValidation } from './turn-gate';
