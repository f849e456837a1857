import * as React from 'react';
import { databaseTexts } from '@buildai/domain';
import { toastError } from '@/components/ui/use-toast';
import { BULK_DELETE_CHUNK, BULK_DELETE_PAUSE_MS } from '../lib/constants';

export interface BulkDeleteProgress {
  done: number;
  total: number;
  /** 0–100 */
  percent: number;
}

export interface BulkDeleteResult {
  deleted: string[];
  failed: number;
  cancelled: boolean;
}

/**
 * Deletes rows in chunks of 5 in parallel, 200 ms apart (spec 001 §9), with progress in percent; cancel stops
 * before the next chunk (a chunk already sent finishes). Each chunk's deleted rows leave the table at once.
 */
export function useBulkDelete(remove: (id: string) => Promise<unknown>, onDeleted: (ids: string[]) => void) {
  const [progress, setProgress] = React.useState<BulkDeleteProgress | null>(null);
  const cancelled = React.useRef(false);

  const run = React.useCallback(
    async (ids: readonly string[]): Promise<BulkDeleteResult> => {
      cancelled.current = false;
      const total = ids.length;
      const deleted: string[] = [];
      let failed = 0;
      setProgress({ done: 0, total, percent: 0 });
      for (let at = 0; at < total && !cancelled.current; at += BULK_DELETE_CHUNK) {
        const chunk = ids.slice(at, at + BULK_DELETE_CHUNK);
        const results = await Promise.allSettled(chunk.map((id) => remove(id)));
        const ok = chunk.filter((_, i) => results[i]!.status === 'fulfilled');
        failed += chunk.length - ok.length;
        deleted.push(...ok);
        if (ok.length) onDeleted(ok);
        const done = Math.min(at + chunk.length, total);
        setProgress({ done, total, percent: Math.round((done / total) * 100) });
        if (done < total && !cancelled.current) await new Promise((r) => setTimeout(r, BULK_DELETE_PAUSE_MS));
      }
      setProgress(null);
      if (failed > 0) {
        toastError(
          databaseTexts.deleteRowFailed,
          failed === 1 ? undefined : `${failed} rows could not be deleted.`,
        );
      }
      return { deleted, failed, cancelled: cancelled.current };
    },
    [remove, onDeleted],
  );

  const cancel = React.useCallback(() => {
    cancelled.current = true;
  }, []);

  return { progress, run, cancel };
}
