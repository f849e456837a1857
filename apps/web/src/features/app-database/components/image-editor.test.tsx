import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppError, databaseTexts } from '@buildai/domain';
import { Toaster } from '@/components/ui/toaster';
import { ImageEditor } from './image-editor';
import type { TableColumn } from './table-types';

const column = { id: 'coverImage', label: 'coverImage', dataType: 'image' } as unknown as TableColumn;

function setUp(onUpload: (file: File) => Promise<string>) {
  const onCommit = vi.fn();
  const onCancel = vi.fn();
  render(
    <>
      <ImageEditor value={null} column={column} onCommit={onCommit} onCancel={onCancel} onUpload={onUpload} />
      <Toaster />
    </>,
  );
  const choose = (file: File) =>
    fireEvent.change(screen.getByLabelText('Upload an image for coverImage'), { target: { files: [file] } });
  return { onCommit, onCancel, choose };
}

/** A file of `size` bytes without allocating them. */
function fileOf(type: string, size: number): File {
  const file = new File(['x'], 'photo', { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('the image cell editor', () => {
  it('saves the stored image address and says so', async () => {
    const onUpload = vi.fn(async () => '/api/files/accounts/a/apps/b/data/image-c.png');
    const { onCommit, choose } = setUp(onUpload);
    choose(fileOf('image/png', 9_999_999));
    await waitFor(() =>
      expect(onCommit).toHaveBeenCalledWith('/api/files/accounts/a/apps/b/data/image-c.png'),
    );
    expect(onUpload).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(databaseTexts.imageUploaded)).toBeTruthy();
  });

  it("refuses 10,000,000 bytes or more with 'File size to large', and anything but an image", async () => {
    const onUpload = vi.fn(async () => 'never');
    const { onCommit, choose } = setUp(onUpload);
    choose(fileOf('image/png', 10_000_000));
    expect(await screen.findByText('File size to large')).toBeTruthy();
    choose(fileOf('application/pdf', 10));
    expect(await screen.findByText(databaseTexts.imageUploadFailed)).toBeTruthy();
    expect(onUpload).not.toHaveBeenCalled();
    expect(onCommit).not.toHaveBeenCalled();
  });

  it("says 'Failed to upload image. Please try again.' when the upload fails, and keeps the cell", async () => {
    const { onCommit, choose } = setUp(async () => {
      throw new AppError('upload/not-image', { status: 400, message: 'This file is not an image' });
    });
    choose(fileOf('image/png', 100));
    expect(await screen.findByText(databaseTexts.imageUploadFailed)).toBeTruthy();
    expect(screen.getByText('This file is not an image')).toBeTruthy();
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('saves a typed address with Enter', async () => {
    const { onCommit } = setUp(async () => 'never');
    const input = screen.getByRole('textbox', { name: 'coverImage' });
    fireEvent.change(input, { target: { value: 'https://example.com/a.png' } });
    fireEvent.submit(input.closest('form')!);
    expect(onCommit).toHaveBeenCalledWith('https://example.com/a.png');
  });
});
