import { parentPort } from 'node:worker_threads';
import { detectIssues, type DetectorInput } from './detectors';

/**
 * The validation thread (decision 0013, "Off the request thread"): the detectors, TypeScript's checker above all,
 * run here one request at a time, so a cold compiler or a large app never holds up the server's requests. Its
 * caches (the compiler, the packages' types, the checked files) live as long as the thread.
 */
interface Job {
  id: number;
  input: DetectorInput;
}

parentPort?.on('message', (job: Job) => {
  detectIssues(job.input).then(
    (result) => parentPort?.postMessage({ id: job.id, result }),
    (err: unknown) =>
      parentPort?.postMessage({
        id: job.id,
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      }),
  );
});
