import pino from 'pino';
import type { Config } from '../config';

export type Logger = pino.Logger;

/** Structured JSON logs. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  return pino(
    {
      level: config.NODE_ENV === 'test' && config.LOG_LEVEL === 'info' ? 'silent' : config.LOG_LEVEL,
      base: { service: 'buildai' },
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.idToken'],
    },
    // Written asynchronously so a log line never holds up a request; flushed on shutdown.
    pino.destination({ dest: 1, sync: false }),
  );
}
