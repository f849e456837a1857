import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AppFile } from '@buildai/domain';
import { errorMessage } from '@/lib/api-client';
import { cacheSavedFile, saveAppFile } from '@/lib/builder-api/app-files';
import { FileDrafts } from '../lib/file-drafts';

/**
 * The code editor's drafts of a space app's files, kept for the workspace's lifetime (so switching files or tabs
 * loses nothing), synced with the files query, saved 2 s after the last keystroke. Edits still waiting when the
 * workspace goes away are sent at once.
 */
export function useFileDrafts(
  appId: string,
  files: readonly AppFile[] | undefined,
  /** after each file the server saved (the preview follows the code editor's saves) */
  onSaved?: (file: AppFile) => void,
) {
  const queryClient = useQueryClient();
  const afterSave = React.useRef(onSaved);
  React.useEffect(() => {
    afterSave.current = onSaved;
  });
  const [drafts] = React.useState(
    () =>
      new FileDrafts({
        save: (path, content) => saveAppFile(appId, path, content),
        describeError: errorMessage,
      }),
  );
  React.useEffect(() => {
    drafts.configure({
      onSaved: (file) => {
        cacheSavedFile(queryClient, appId, file);
        afterSave.current?.(file);
      },
    });
  }, [drafts, queryClient, appId]);
  React.useEffect(() => {
    if (files) drafts.sync(files);
  }, [drafts, files]);
  React.useEffect(
    () => () => {
      void drafts.flush();
      drafts.dispose();
    },
    [drafts],
  );
  React.useSyncExternalStore(
    React.useCallback((onChange) => drafts.subscribe(onChange), [drafts]),
    () => drafts.version,
  );
  return drafts;
}
