// What a tool's page shows once a run starts or a result is opened, loaded on demand (see tool-run-page.tsx).
export { RunCta } from './run-cta';
export { RunResult } from './run-result';
export { SavedResult } from './saved-result';
