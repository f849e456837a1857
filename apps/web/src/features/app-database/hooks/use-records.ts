import * as React from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { databaseTexts, type EntityRecord, type RecordFields, type RecordsPage } from '@buildai/domain';
import { toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { createRecord, deleteRecord, recordsKey, recordsQuery, updateRecord } from '../api/records';

type Pages = InfiniteData<RecordsPage, string | null>;

/**
 * An entity's records, page by page as the table scrolls, and the writes the table makes: a cell edit sent at once
 * with an optimistic update (put back if the server refuses it), a confirmed new row, deletions.
 */
export function useRecords(appId: string, entity: string) {
  const queryClient = useQueryClient();
  const key = React.useMemo(() => recordsKey(appId, entity), [appId, entity]);
  const query = useInfiniteQuery(recordsQuery(appId, entity));
  const records = React.useMemo(() => query.data?.pages.flatMap((p) => p.records) ?? [], [query.data]);

  /** every record in all (the first page's `total`, kept as rows are added and deleted); null when not known */
  const first = query.data?.pages[0];
  const total = first?.total ?? (first && !query.hasNextPage ? records.length : null);
  const addToTotal = React.useCallback(
    (n: number) =>
      queryClient.setQueryData<Pages>(key, (data) =>
        data && data.pages[0]?.total !== undefined
          ? {
              ...data,
              pages: data.pages.map((p, i) => (i === 0 ? { ...p, total: Math.max(0, p.total! + n) } : p)),
            }
          : data,
      ),
    [queryClient, key],
  );

  const edit = React.useCallback(
    (change: (records: EntityRecord[], pageIndex: number) => EntityRecord[]) =>
      queryClient.setQueryData<Pages>(key, (data) =>
        data ? { ...data, pages: data.pages.map((p, i) => ({ ...p, records: change(p.records, i) })) } : data,
      ),
    [queryClient, key],
  );

  /** PATCH one field; the cell shows the new value at once and the old one again if the server refuses. */
  const updateField = React.useCallback(
    async (id: string, field: string, value: unknown, previous: unknown) => {
      const set = (v: unknown) => edit((rs) => rs.map((r) => (r.id === id ? { ...r, [field]: v } : r)));
      set(value);
      try {
        const saved = await updateRecord(appId, entity, id, { [field]: value });
        if (saved && typeof saved === 'object')
          edit((rs) => rs.map((r) => (r.id === id ? { ...r, ...saved } : r)));
      } catch (error) {
        set(previous);
        toastError(databaseTexts.updateRowFailed, errorMessage(error));
      }
    },
    [appId, entity, edit],
  );

  /** the toast of a row that failed to save: it goes once a retry saves (issue 32, item 10) */
  const failedCreate = React.useRef<{ dismiss: () => void } | null>(null);
  /** POST a new row; it goes on top (newest first). Resolves whether it was created. */
  const createRow = React.useCallback(
    async (fields: RecordFields) => {
      try {
        const created = await createRecord(appId, entity, fields);
        edit((rs, page) => (page === 0 ? [created, ...rs] : rs));
        addToTotal(1);
        failedCreate.current?.dismiss();
        failedCreate.current = null;
        return true;
      } catch (error) {
        failedCreate.current?.dismiss();
        failedCreate.current = toastError(databaseTexts.createRowFailed, errorMessage(error));
        return false;
      }
    },
    [appId, entity, edit, addToTotal],
  );

  const remove = React.useCallback((id: string) => deleteRecord(appId, entity, id), [appId, entity]);
  /** Takes deleted records out of the loaded pages. */
  const forget = React.useCallback(
    (ids: readonly string[]) => {
      const gone = new Set(ids);
      edit((rs) => rs.filter((r) => !gone.has(r.id)));
      addToTotal(-ids.length);
    },
    [edit, addToTotal],
  );

  const refetch = React.useCallback(
    () => queryClient.invalidateQueries({ queryKey: key }),
    [queryClient, key],
  );

  return { query, records, total, updateField, createRow, remove, forget, refetch };
}
