import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { contextMessages } from '@buildai/domain';
import { toast, toastError } from '@/components/ui/use-toast';
import {
  contextKeys,
  discardItem,
  ingestFile,
  ingestText,
  replaceDataItem,
  type DataItem,
} from '../../api/context-items';
import { addressConnectors, isAddressOption } from '../../connectors';
import { fileProblem, isPlanLimit, saveErrorMessage, uploadErrorMessage } from '../../lib/data-rules';
import type { DialogOption } from './source-option-picker';

/** A failure that was already shown (a toast, the upgrade banner) or a cancelled upload. */
export class AddDataFailed extends Error {}

export interface AddDataInput {
  option: DialogOption;
  text: string;
  url: string;
  file: File | null;
}

/**
 * Sending what the Data Sources dialog adds: pasted text, an address for an address connector (a web page), or a
 * file (with progress, cancel, and the replace-then-discard dance of a replaced item). Plan limits come back as
 * `limitError`, other failures as the spec's toasts.
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
  const [progress, setProgress] = React.useState<number | null>(null);
  const abortRef = React.useRef<AbortController | null>(null);
  // the dialog may close before the upload starts: it must not start then
  const closedRef = React.useRef(false);
  React.useEffect(
    () => () => {
      closedRef.current = true;
      abortRef.current?.abort();
    },
    [],
  );

  async function refreshList() {
    await queryClient.invalidateQueries({ queryKey: contextKeys.items(appId) });
  }

  function finish(title: string) {
    toast({ title });
    void refreshList();
    onOpenChange(false);
  }

  /** Says why it failed (an upgrade banner for a plan limit, else a toast); the form keeps what was typed. */
  function failed(err: unknown, message: string): never {
    if (isPlanLimit(err)) setLimitError(err.message);
    else toastError(message);
    throw new AddDataFailed();
  }

  async function sendFile(file: File) {
    if (closedRef.current) throw new AddDataFailed();
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    let created: string;
    try {
      created = (await ingestFile(appId, file, { onProgress: setProgress, signal: controller.signal }))
        .contextItemId;
    } catch (err) {
      setProgress(null);
      if (err instanceof DOMException && err.name === 'AbortError') throw new AddDataFailed();
      return failed(err, uploadErrorMessage(err, plan));
    }
    if (replacing) {
      try {
        await replaceDataItem(appId, replacing.id, created);
      } catch {
        setProgress(null);
        toastError(contextMessages.replaceFailed);
        await discardItem(created);
        void refreshList();
        throw new AddDataFailed();
      }
      return finish('File replaced');
    }
    finish('File uploaded');
  }

  /**
   * Sends a complete input (see `inputProblem`), as the form's mutation: its pending state is the dialog's busy
   * state. A failure is shown here and rejects with `AddDataFailed`.
   */
  async function send({ option, text, url, file }: AddDataInput): Promise<void> {
    if (option === 'import') return; // the import part has its own Import button
    if (option === 'text') {
      try {
        await ingestText(appId, text);
      } catch (err) {
        return failed(err, saveErrorMessage(err));
      }
      return finish('Text added');
    }
    if (isAddressOption(option)) {
      const connector = addressConnectors[option];
      try {
        await connector.send(appId, url.trim());
      } catch (err) {
        return failed(err, connector.failure(err));
      }
      return finish(connector.added);
    }
    if (file) await sendFile(file);
  }

  function cancel() {
    closedRef.current = true;
    abortRef.current?.abort();
    onOpenChange(false);
  }

  return { send, cancel, progress, limitError, setLimitError };
}

/** What to say under the field before anything is sent, or null when the input can be sent. */
export function inputProblem({ option, text, url, file }: AddDataInput, plan: string): string | null {
  if (option === 'import') return null;
  if (option === 'text') return text.trim() ? null : contextMessages.enterText;
  if (isAddressOption(option)) return url.trim() ? null : addressConnectors[option].missing;
  const problem = fileProblem(file, option, plan);
  return problem || !file ? (problem ?? contextMessages.uploadFile) : null;
}
