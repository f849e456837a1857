import { AppError, type ContextItemType } from '@buildai/domain';
import type { ExtractedText } from '../pipeline';
import { csvLines } from './csv';
import { inspectDocx, type DocxLimits } from './docx';
import { decodeText } from './text';
import { streamInWorker, type WorkerLimits } from './worker';

export type ParseLimits = WorkerLimits & { docx?: DocxLimits };

export interface ExtractFileOptions {
  type: ContextItemType;
  bytes: Uint8Array;
  limits?: ParseLimits;
  signal?: AbortSignal;
}

/** The text of an uploaded file by its kind: a table for CSV, prose for the rest; all but plain text read as it comes. */
export async function extractFile({
  type,
  bytes,
  limits = {},
  signal,
}: ExtractFileOptions): Promise<ExtractedText> {
  switch (type) {
    case 'csv':
      return { kind: 'table-lines', lines: csvLines(stripBom(decodeText(bytes))) };
    case 'txt':
      return { kind: 'prose', text: stripBom(decodeText(bytes)) };
    case 'pdf':
      return { kind: 'prose-parts', parts: streamInWorker({ kind: 'pdf', bytes, limits, signal }) };
    case 'doc': {
      const safe = await inspectDocx(bytes, limits.docx);
      return { kind: 'prose-parts', parts: streamInWorker({ kind: 'docx', bytes: safe, limits, signal }) };
    }
    default:
      throw new AppError('context/unsupported-type');
  }
}

export const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
