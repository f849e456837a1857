import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AppError, contextMessages } from '@buildai/domain';
import { toast, toastError } from '@/components/ui/use-toast';
import {
  contextKeys,
  discardItem,
  ingestFile,
  ingestText,
  ingestWeb,
  replaceDataItem,
  type DataItem,
} from '../../api/context-items';
import { fileProblem, isPlanLimit, saveErrorMessage, uploadErrorMessage } from '../../lib/data-rules';
import type { DialogOption } from './source-option-picker';

export const ENTER_URL = 'Please enter the address of a web page';

export interface AddDataInput {
  option: DialogOption;
  text: string;
  url: string;
  file: File | null;
}

/**
 * Sending what the Data Sources dialog adds: pasted text, a web page, or a file (with progress, cancel, and the
 * replace-then-discard dance of a replaced item). Plan limits come back as `limitError`, other failures as the
 * spec's toasts.
 */
export function useAddData({
  appId,
  plan,
  replacing,
  onOpenChange,
}: {
  appId: string;
  plan: string;
  replacing: DataItem | null;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [limitError, setLimitError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [progress, setProgress] = React.useState<number | null>(null);
  const abortRef = React.useRef<AbortController | null>(null);
  React.useEffect(() => () => abortRef.current?.abort(), []);

  async function refreshList() {
    await queryClient.invalidateQueries({ queryKey: contextKeys.items(appId) });
  }

  function finish(title: string) {
    toast({ title });
    void refreshList();
    onOpenChange(false);
  }

  function failed(err: unknown, message: string) {
    if (isPlanLimit(err)) setLimitError(err.message);
    else toastError(message);
  }

  /** Sends a complete input (see `inputProblem`). */
  async function submit({ option, text, url, file }: AddDataInput): Promise<void> {
    if (option === 'import') return; // the import part has its own Import button
    if (option === 'text') {
      setBusy(true);
      try {
        await ingestText(appId, text);
        finish('Text added');
      } catch (err) {
        failed(err, saveErrorMessage(err));
      } finally {
        setBusy(false);
      }
      return;
    }
    if (option === 'web') {
      const trimmed = url.trim();
      const address = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
      setBusy(true);
      try {
        await ingestWeb(appId, address);
        finish('Web page added');
      } catch (err) {
        failed(
          err,
          err instanceof AppError && err.status === 400 ? err.message : contextMessages.uploadError,
        );
      } finally {
        setBusy(false);
      }
      return;
    }
    if (!file) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    setProgress(0);
    let created: string;
    try {
      created = (await ingestFile(appId, file, { onProgress: setProgress, signal: controller.signal }))
        .contextItemId;
    } catch (err) {
      setBusy(false);
      setProgress(null);
      if (err instanceof DOMException && err.name === 'AbortError') return;
      failed(err, uploadErrorMessage(err, plan));
      return;
    }
    if (replacing) {
      try {
        await replaceDataItem(appId, replacing.id, created);
      } catch {
        setBusy(false);
        setProgress(null);
        toastError(contextMessages.replaceFailed);
        await discardItem(created);
        void refreshList();
        return;
      }
      finish('File replaced');
      return;
    }
    finish('File uploaded');
  }

  function cancel() {
    abortRef.current?.abort();
    onOpenChange(false);
  }

  return { submit, cancel, busy, progress, limitError, setLimitError };
}

/** What to say under the field before anything is sent, or null when the input can be sent. */
export function inputProblem({ option, text, url, file }: AddDataInput, plan: string): string | null {
  if (option === 'import') return null;
  if (option === 'text') return text.trim() ? null : contextMessages.enterText;
  if (option === 'web') return url.trim() ? null : ENTER_URL;
  const problem = fileProblem(file, option, plan);
  return problem || !file ? (problem ?? contextMessages.uploadFile) : null;
}
