import pino from 'pino';
import type { Config } from '../config';

export type Logger = pino.Logger;

/**
 * Lines are gathered up to this many bytes before they are written: under load one write carries tens of request
 * lines instead of one each (about 9 µs of a request's CPU each on a 2-core machine, decision 0005-house-order).
 */
const LOG_BATCH_BYTES = 4096;
/** What has gathered is written at least this often, so a quiet server's lines show at once to a reader. */
const LOG_FLUSH_MS = 200;

/** Structured JSON logs. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  const level = config.NODE_ENV === 'test' && config.LOG_LEVEL === 'info' ? 'silent' : config.LOG_LEVEL;
  // Written asynchronously so a log line never holds up a request; flushed on shutdown (main.ts) and, by pino, at exit.
  const batched = level !== 'silent';
  const destination = pino.destination({ dest: 1, sync: false, minLength: batched ? LOG_BATCH_BYTES : 0 });
  if (batched)
    setInterval(() => {
      try {
        destination.flush();
      } catch {
        // ended at shutdown: nothing is gathered any more
      }
    }, LOG_FLUSH_MS).unref();
  return pino(
    {
      level,
      base: { service: 'buildai' },
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.idToken'],
    },
    destination,
  );
}
