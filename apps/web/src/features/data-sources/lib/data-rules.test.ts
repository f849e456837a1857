import { describe, expect, it } from 'vitest';
import { AppError, contextMessages } from '@buildai/domain';
import {
  fileProblem,
  formatBytes,
  itemCountLabel,
  optionForItem,
  reachedItemLimit,
  saveErrorMessage,
  uploadErrorMessage,
} from './data-rules';

const err = (code: string, status: number, message = 'server says') =>
  new AppError(code, { status, message });

describe('data rules', () => {
  it('maps upload errors to the spec’s toasts', () => {
    expect(uploadErrorMessage(err('file-too-big', 400, contextMessages.tooBig('10 MB')), 'explorer')).toBe(
      'Failed to upload context, file size is too big (max 10 MB)',
    );
    // a message without the maximum gets the plan's
    expect(
      uploadErrorMessage(err('file-too-big', 400, 'Failed to upload context, file size is too big'), 'lite'),
    ).toBe('Failed to upload context, file size is too big (max 5 MB)');
    expect(uploadErrorMessage(err('context/csv-invalid', 400), 'explorer')).toBe(contextMessages.csvInvalid);
    expect(uploadErrorMessage(err('context/file-limit', 403), 'explorer')).toBe('server says');
    expect(uploadErrorMessage(err('internal', 500), 'explorer')).toBe(contextMessages.uploadFailed);
    expect(uploadErrorMessage(new Error('x'), 'explorer')).toBe(contextMessages.uploadFailed);
  });

  it('maps save errors: a 400 carries its message, the rest read “Error saving data…”', () => {
    expect(saveErrorMessage(err('context/no-text', 400, 'Please enter some text'))).toBe(
      'Please enter some text',
    );
    expect(saveErrorMessage(err('internal', 500))).toBe(contextMessages.saveFailed);
  });

  it('checks files by option and plan', () => {
    expect(fileProblem(null, 'csv', 'explorer')).toBe('Please upload a file');
    expect(fileProblem(new File(['a'], 'a.CSV'), 'csv', 'explorer')).toBeNull();
    expect(fileProblem(new File(['a'], 'a.doc'), 'doc', 'explorer')).toBeNull();
    expect(fileProblem(new File(['a'], 'a.txt'), 'doc', 'explorer')).toBe('Choose a DOC or DOCX file');
    const big = new File(['a'], 'a.pdf');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    expect(fileProblem(big, 'pdf', 'explorer')).toBe(
      'Failed to upload context, file size is too big (max 10 MB)',
    );
  });

  it('formats counts and sizes, knows replaceable files and the lite limit', () => {
    expect(itemCountLabel(0)).toBe('0 items');
    expect(itemCountLabel(1)).toBe('1 item');
    expect(itemCountLabel(1200)).toBe('1,200 items');
    expect(formatBytes(500)).toBe('500 B');
    expect(formatBytes(1536)).toBe('2 KB');
    expect(formatBytes(12 * 1024 * 1024)).toBe('12 MB');
    expect(optionForItem({ type: 'csv', source: 'local files' })).toBe('csv');
    expect(optionForItem({ type: 'txt', source: 'local files' })).toBeNull();
    expect(optionForItem({ type: 'google sheet', source: 'google drive' })).toBeNull();
    expect(reachedItemLimit('lite', 1)).toBe(true);
    expect(reachedItemLimit('lite', 0)).toBe(false);
    expect(reachedItemLimit('explorer', 4)).toBe(false);
  });
});
