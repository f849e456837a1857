import type { MessageAnnotation } from '@buildai/domain';
import type { Platform } from '../../platform';
import { listEntities } from '../entities';
import { readAppFiles } from '../spaces';
import { detectIssues } from './detect-pool';

export type TurnIssues = NonNullable<MessageAnnotation['validationIssues']>;

/** The most issues an answer keeps (the builder fixes the first ones; the tester lists them all). */
const ANSWER_ISSUES = 20;
/** A gate slower than this is named in the log (a warm one takes well under a second). */
const SLOW_MS = 5000;
/**
 * The chat's gate (decision 0013, "The chat's gate"): the detectors over the app's current files and entities at
 * the end of a turn, keeping the errors (warnings stay in the tester). Null when it did not finish in time or failed.
 */
export async function validateTurn(platform: Platform, appId: string): Promise<TurnIssues | null> {
  {
    const startedAt = Date.now();
    const run = (async () => {
      const [files, entities] = await Promise.all([
        readAppFiles(platform.db, appId),
        listEntities(platform.db, appId),
      ]);
      const result = await detectIssues({ files, entityNames: entities.map((e) => e.name) });
      return result.issues
        .filter((i) => i.severity === 'error')
        .slice(0, ANSWER_ISSUES)
        .map(({ file, line, message, detectorId, componentName }) => ({
          file,
          line,
          message,
          detectorId,
          componentName,
        }));
    })();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      // a validation that takes longer is left out of the answer (it goes on and warms the caches): the gate must
      // not make a turn wait on a cold compiler or a machine under load
      timer = setTimeout(() => resolve(null), platform.config.CHAT_VALIDATION_BUDGET_MS);
    });
    try {
      const issues = await Promise.race([run, late]);
      const ms = Date.now() - startedAt;
      if (issues === null) platform.logger.warn({ appId, ms }, 'the turn validation ran out of time');
      else if (ms > SLOW_MS)
        platform.logger.warn({ appId, ms, issues: issues.length }, 'the turn validation was slow');
      else platform.logger.debug({ appId, ms, issues: issues.length }, 'turn validated');
      return issues;
    } catch (err) {
      platform.logger.warn({ appId, err }, 'the turn validation failed');
      return null;
    } finally {
      clearTimeout(timer);
      run.catch(() => {});
    }
  }
}

/** Loads the TypeScript compiler and the runtime packages' types once, so the first turn's gate is warm. */
export async function warmValidation(): Promise<void> {
  await detectIssues({
    files: [
      { path: 'src/App.tsx', content: 'export default function App() { return <div className="p-4" />; }\n' },
    ],
    entityNames: [],
  });
}
