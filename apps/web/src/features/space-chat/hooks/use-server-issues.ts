import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorCatalogue, secretsTexts, type AppErrorItem, type FunctionLogResponse } from '@buildai/domain';
import { functionLogQuery, secretsQuery } from '../api/secrets';

/** How often the function log is read while the workspace is open: the preview's calls show within this. */
const FUNCTION_LOG_POLL_MS = 10_000;

/** Each function whose newest call failed, as an issue naming its file, the error and the call's last log lines. */
export function failedFunctionIssues(log: FunctionLogResponse | undefined): AppErrorItem[] {
  if (!log) return [];
  const newest = new Map<string, FunctionLogResponse['calls'][number]>();
  for (const call of log.calls) if (!newest.has(call.name)) newest.set(call.name, call);
  return [...newest.values()]
    .filter((call) => !call.ok)
    .map((call) => {
      const known = call.errorCode && call.errorCode in errorCatalogue;
      const what = known
        ? errorCatalogue[call.errorCode as keyof typeof errorCatalogue].message
        : 'The function failed';
      const logs = call.logs.slice(-10).map((l) => `[${l.level}] ${l.text}`);
      return {
        title: `Server function ${call.name}: ${what}`,
        details: [call.error ?? '', ...(logs.length ? ['Logs:', ...logs] : [])].filter(Boolean).join('\n'),
        componentName: `functions/${call.name}.ts`,
      };
    });
}

/**
 * The issues the server knows of (issue 31): each required secret that is not set (the missing-secret check) and
 * each server function whose newest call failed. Read again when a turn ends and every few seconds.
 */
export function useServerIssues(appId: string, busy: boolean): AppErrorItem[] {
  const secrets = useQuery(secretsQuery(appId));
  const log = useQuery({ ...functionLogQuery(appId), refetchInterval: FUNCTION_LOG_POLL_MS });
  const { refetch: refetchSecrets } = secrets;
  const { refetch: refetchLog } = log;
  const wasBusy = React.useRef(busy);
  React.useEffect(() => {
    if (wasBusy.current && !busy) {
      void refetchSecrets();
      void refetchLog();
    }
    wasBusy.current = busy;
  }, [busy, refetchSecrets, refetchLog]);
  return React.useMemo(
    () => [
      ...(secrets.data?.missing ?? []).map((key) => ({
        title: secretsTexts.missingTitle(key),
        details: secretsTexts.missingDetails(key),
        componentName: 'Secrets',
      })),
      ...failedFunctionIssues(log.data),
    ],
    [secrets.data, log.data],
  );
}
