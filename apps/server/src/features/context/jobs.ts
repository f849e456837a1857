import type { Platform } from '../../platform';

/** Registers the ingestion jobs of data source items on the platform's job queue. */
export function registerContextJobs(_platform: Platform): void {}
