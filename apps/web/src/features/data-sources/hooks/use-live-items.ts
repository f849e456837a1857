import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { contextKeys, applyContextEvent, useContextItems, watchContextEvents } from '../api/context-items';
import { isLive } from '../lib/data-rules';

/** How often the list is asked again when the live stream cannot be used. */
export const POLL_INTERVAL_MS = 3000;

/**
 * The app's data items, kept live (spec 000 §4): while any item is unsynced, pending or running, the status stream
 * is open and its events update the cached list; it closes when nothing is live any more or on unmount. If the
 * stream fails or ends, the list is polled every 3 s instead until nothing is live.
 */
export function useLiveContextItems(appId: string) {
  const queryClient = useQueryClient();
  const [streamFailed, setStreamFailed] = React.useState(false);
  const query = useContextItems(appId, streamFailed ? POLL_INTERVAL_MS : null);
  const live = query.data?.contextItems.some(isLive) ?? false;

  React.useEffect(() => {
    if (!live || streamFailed || !appId) return;
    const controller = new AbortController();
    const refetch = () => void queryClient.invalidateQueries({ queryKey: contextKeys.items(appId) });
    watchContextEvents(
      appId,
      controller.signal,
      (event) => {
        // an item the list does not know yet (added elsewhere): ask for the list again
        if (!applyContextEvent(queryClient, appId, event)) refetch();
      },
      // what changed while the stream was connecting is read from the list
      refetch,
    ).then(
      () => {
        if (!controller.signal.aborted) setStreamFailed(true);
      },
      () => {
        if (!controller.signal.aborted) setStreamFailed(true);
      },
    );
    return () => controller.abort();
  }, [appId, live, streamFailed, queryClient]);

  // once nothing is live, a later live item tries the stream again
  React.useEffect(() => {
    if (!live) setStreamFailed(false);
  }, [live]);

  return query;
}
