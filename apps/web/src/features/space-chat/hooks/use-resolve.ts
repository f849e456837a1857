import * as React from 'react';
import type { AppErrorItem, SystemActionInfo } from '@buildai/domain';
import { buildFixMessage } from '../lib/fix-message';

/** The spec's delay between the fix turn's end and clearing the errors (spec 001 §9). */
export const CLEAR_ERRORS_DELAY_MS = 1000;

/**
 * 'Resolve with AI': sends the fix message and reads 'Fixing...' until that turn ends; 1 s later the errors that
 * were sent are cleared — only those: an error the reloaded preview reports meanwhile is a new one and stays.
 */
export function useResolveWithAi(
  busy: boolean,
  send: (text: string, info: SystemActionInfo) => void,
  onClearErrors: (sent: readonly AppErrorItem[]) => void,
) {
  const [fixing, setFixing] = React.useState(false);
  const started = React.useRef(false);
  const sent = React.useRef<readonly AppErrorItem[]>([]);
  const clear = React.useRef(onClearErrors);
  clear.current = onClearErrors;

  React.useEffect(() => {
    if (!fixing) return;
    if (busy) {
      started.current = true;
      return;
    }
    if (!started.current) return;
    const timer = setTimeout(() => {
      clear.current(sent.current);
      setFixing(false);
    }, CLEAR_ERRORS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy, fixing]);

  const resolve = React.useCallback(
    (errors: AppErrorItem[]) => {
      started.current = false;
      sent.current = errors;
      setFixing(true);
      send(buildFixMessage(errors), { type: 'fix' });
    },
    [send],
  );
  return { fixing, resolve };
}
