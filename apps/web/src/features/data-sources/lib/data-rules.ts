import {
  AppError,
  contextMessages,
  formatFileLimit,
  LITE_MAX_ITEMS,
  LIVE_CONTEXT_STATUSES,
  maxFileBytes,
  UPLOAD_KINDS,
  type ContextItem,
  type ContextItemType,
} from '@buildai/domain';
import { addressConnectors, addressOptions, connectorItemTypes, type AddressOption } from '../connectors';

/**
 * The options of the Data Sources dialog (spec 000 §2): its own kinds of data, then the connectors that take an
 * address (Web page). PDF and Web page stand in for the import widget.
 */
export type FileOption = 'csv' | 'doc' | 'pdf';
export type SourceOption = 'text' | FileOption | AddressOption;

export const SOURCE_OPTIONS: { id: SourceOption; title: string; description: string }[] = [
  { id: 'text', title: 'Text', description: contextMessages.textOption },
  { id: 'csv', title: 'Items List', description: contextMessages.listOption },
  { id: 'doc', title: 'Doc', description: contextMessages.docOption },
  { id: 'pdf', title: 'PDF', description: 'Upload a PDF file' },
  ...addressOptions.map((id) => ({
    id,
    title: addressConnectors[id].option.title,
    description: addressConnectors[id].option.description,
  })),
];

export function isFileOption(option: SourceOption): option is FileOption {
  return option === 'csv' || option === 'doc' || option === 'pdf';
}

/** The `accept` of the file picker for an option (spec 000 §5: CSV for list, DOC or DOCX for doc, PDF for pdf). */
export function acceptFor(option: FileOption): string {
  return UPLOAD_KINDS[option].extensions.join(',');
}

/** 'DOC, DOCX' for the hint under the file picker. */
export function extensionsLabel(option: FileOption): string {
  return UPLOAD_KINDS[option].extensions.map((ext) => ext.slice(1).toUpperCase()).join(', ');
}

/** The dialog option that uploads a file of this item's type, or null when the item is not a replaceable file. */
export function optionForItem(item: Pick<ContextItem, 'type' | 'source'>): FileOption | null {
  if (item.source !== 'local files') return null;
  if (item.type === 'csv' || item.type === 'doc' || item.type === 'pdf') return item.type;
  return null;
}

/** Why this file cannot be uploaded for the option, or null; checked before anything is sent. */
export function fileProblem(file: File | null, option: FileOption, plan: string): string | null {
  if (!file) return contextMessages.uploadFile;
  const name = file.name.toLowerCase();
  const extensions: readonly string[] = UPLOAD_KINDS[option].extensions;
  if (!extensions.some((ext) => name.endsWith(ext)))
    return `Choose a ${extensions.map((e) => e.slice(1).toUpperCase()).join(' or ')} file`;
  const max = maxFileBytes(plan);
  if (file.size > max) return contextMessages.tooBig(formatFileLimit(max));
  return null;
}

/** The plan-limit errors that come with an Upgrade button. */
export function isPlanLimit(err: unknown): err is AppError {
  return (
    err instanceof AppError &&
    (err.code === 'context/item-limit' ||
      err.code === 'context/file-limit' ||
      err.code === 'context/data-limit')
  );
}

/** The toast of a failed file upload (spec 000 §8); `plan` gives the maximum when the server's message lacks it. */
export function uploadErrorMessage(err: unknown, plan: string): string {
  if (err instanceof AppError) {
    if (err.code === 'file-too-big')
      return err.message.includes('(max')
        ? err.message
        : contextMessages.tooBig(formatFileLimit(maxFileBytes(plan)));
    if (err.code === 'context/csv-invalid') return contextMessages.csvInvalid;
    if (isPlanLimit(err)) return err.message;
  }
  return contextMessages.uploadFailed;
}

/** The toast of failed pasted text or web page: the server's message for a 400, else the spec's save error. */
export function saveErrorMessage(err: unknown): string {
  if (err instanceof AppError && (err.status === 400 || isPlanLimit(err)) && err.message) return err.message;
  return contextMessages.saveFailed;
}

export function isLive(item: Pick<ContextItem, 'status'>): boolean {
  return LIVE_CONTEXT_STATUSES.includes(item.status);
}

/** Lite keeps one data item of any kind (spec 000 §9). */
export function reachedItemLimit(plan: string, count: number): boolean {
  return plan === 'lite' && count >= LITE_MAX_ITEMS;
}

/** The builder's own files; the connectors' types are labelled by their modules. */
const TYPE_LABELS: Partial<Record<ContextItemType, string>> = {
  csv: 'CSV',
  doc: 'Word document',
  txt: 'Text',
  pdf: 'PDF',
  unrecognized: 'File',
};

export function typeLabel(type: ContextItemType): string {
  return connectorItemTypes[type]?.label ?? TYPE_LABELS[type] ?? 'File';
}

/** 'N items': the chunks the item was cut into. */
export function itemCountLabel(n: number): string {
  return n === 1 ? '1 item' : `${n.toLocaleString('en-US')} items`;
}

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 KB';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}
